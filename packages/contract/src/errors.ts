import * as z from 'zod/mini';

/**
 * Every error the API answers with, and the one HTTP status each answers: a throw names only its code.
 * The web app translates by code (locales/<lang>.json → errors), the server uses the same texts for the
 * `message` of its error body.
 */
export const ERROR_STATUS = {
  BodyParamsInvalid: 400,
  WrongCredentials: 401,
  AccountDeactivated: 401,
  SsoRequired: 403,
  PasswordNotChanged: 400,
  InvalidPassword: 400,
  TokenInvalid: 400,
  ActivationCodeInvalid: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
  NoticeTooSoon: 429,
  NoEmailAddress: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  EmailTaken: 409,
  UsernameTaken: 409,
  GroupNameTaken: 409,
  TenantNameTaken: 409,
  SsoDomainTaken: 409,
  ScimTokenNameTaken: 409,
  ScimTokenLimitReached: 409,
  OwnAccount: 409,
  UserOwnsContent: 409,
  AlreadySetUp: 409,
  OwnTenant: 409,
  ContentLocked: 409,
  ContentNotDraft: 409,
  ContentArchived: 409,
  NotPublished: 409,
  NotInReview: 409,
  CertificateRevoked: 409,
  CommentsDisabled: 400,
  NotAForm: 400,
  NotGraded: 400,
  AlreadySubmitted: 409,
  SubmissionRequired: 409,
  IdempotencyKeyReused: 422,
  BackupWithPgDump: 409,
  ServiceUnavailable: 503,
  SomethingWentWrong: 500,
} as const satisfies Record<string, number>;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ErrorBodySchema = z.object({
  statusCode: z.int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string(),
  /**
   * For BodyParamsInvalid, the first offending field, dotted (`questionAnswers.0.answers`); for a conflict
   * about one field (GroupNameTaken, TenantNameTaken, ScimTokenNameTaken), that field.
   */
  field: z.optional(z.string()),
  fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
