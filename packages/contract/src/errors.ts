import * as z from 'zod/mini';

/**
 * Every error the API answers with. The web app translates by code (locales/<lang>.json → errors),
 * the server uses the same texts for the `message` of its error body.
 */
export const ERROR_CODES = [
  'BodyParamsInvalid',
  'WrongCredentials',
  'AccountDeactivated',
  'PasswordNotChanged',
  'InvalidPassword',
  'TokenInvalid',
  'ActivationCodeInvalid',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'TooManyRequests',
  'NoticeTooSoon',
  'NoEmailAddress',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'EmailTaken',
  'UsernameTaken',
  'GroupNameTaken',
  'TenantNameTaken',
  'OwnAccount',
  'UserOwnsContent',
  'AlreadySetUp',
  'OwnTenant',
  'ContentLocked',
  'ContentNotDraft',
  'ContentArchived',
  'NotPublished',
  'CommentsDisabled',
  'NotAForm',
  'NotGraded',
  'AlreadySubmitted',
  'SubmissionRequired',
  'IdempotencyKeyReused',
  'ServiceUnavailable',
  'SomethingWentWrong',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  statusCode: z.int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string(),
  /**
   * For BodyParamsInvalid, the first offending field, dotted (`questionAnswers.0.answers`); for a conflict
   * about one field (GroupNameTaken, TenantNameTaken), that field.
   */
  field: z.optional(z.string()),
  fields: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
