// zod/mini keeps the web app's login path small: only the checks used here are bundled.
import * as z from 'zod/mini';
import {
  ACTIVATION_CODE_MAX_LENGTH,
  DEVICE_MAX_LENGTH,
  IDENTIFIER_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';
import { ApplicationSchema, RoleSchema } from './enums.js';

// Messages are locale keys (locales/<lang>.json → validation), so the browser and the server
// reject the same input with the same words.
const required = { error: 'validation.required' } as const;

/** An e-mail address or a username: login has no tenant picker, both are globally unique. */
export const IdentifierSchema = z
  .string(required)
  .check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(IDENTIFIER_MAX_LENGTH, { error: 'validation.identifierTooLong' }),
  );

/** A password being checked: any stored password is accepted, whatever the rules were then. */
export const PasswordSchema = z
  .string(required)
  .check(z.minLength(1, required), z.maxLength(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' }));

/** A password being chosen. */
export const NewPasswordSchema = z
  .string(required)
  .check(
    z.minLength(1, { ...required, abort: true }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: 'validation.passwordTooShort' }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' }),
  );

const clientFields = {
  rememberMe: z._default(z.boolean(), false),
  application: z._default(ApplicationSchema, 'web'),
  device: z.optional(z.string().check(z.maxLength(DEVICE_MAX_LENGTH))),
};

/** Spec point 3, login form: `email` carries an e-mail address or a username. */
export const SignInBodySchema = z.object({
  email: IdentifierSchema,
  password: PasswordSchema,
  ...clientFields,
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const SessionSchema = z.object({ token: z.string(), userId: z.int() });
export type Session = z.infer<typeof SessionSchema>;

export const HasPasswordBodySchema = z.object({ identifier: IdentifierSchema });
export type HasPasswordBody = z.infer<typeof HasPasswordBodySchema>;
/**
 * Unknown and deactivated accounts answer `hasPassword: true`. An account without a password is set up
 * through a mailed link when it has an e-mail, otherwise with the activation code its admin was given.
 */
/**
 * `sso`: the identifier's e-mail domain belongs to its organisation's identity provider, whose sign-in
 * starts there (home-realm discovery); it says nothing of the account, so it comes with `hasPassword: true`.
 */
export const HasPasswordResultSchema = z.discriminatedUnion('hasPassword', [
  z.object({ hasPassword: z.literal(true), sso: z.optional(z.string()) }),
  z.object({ hasPassword: z.literal(false), activation: z.enum(['link', 'code']) }),
]);
export type HasPasswordResult = z.infer<typeof HasPasswordResultSchema>;

/** As the admin hands it over (`ABCD-EFGH-JKMN`); case, spaces and dashes do not matter. */
export const ActivationCodeSchema = z
  .string(required)
  .check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(ACTIVATION_CODE_MAX_LENGTH, { error: 'validation.activationCodeInvalid' }),
  );

/**
 * First-time password set-up (has-password said false). An account with an e-mail is only sent a link:
 * its page asks for the password, so it is chosen by whoever reads that mailbox, and a `password` sent
 * here is ignored. A username-only account proves itself with the activation code its admin gave, sends
 * its new password with it, and is then signed in (DESIGN.md §5).
 */
export const SetupPasswordBodySchema = z.object({
  email: IdentifierSchema,
  password: z.optional(NewPasswordSchema),
  activationCode: z.optional(ActivationCodeSchema),
  ...clientFields,
});
export type SetupPasswordBody = z.infer<typeof SetupPasswordBodySchema>;
export const SetupPasswordResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), token: z.string(), userId: z.int() }),
  z.object({ status: z.literal('confirmationSent') }),
]);
export type SetupPasswordResult = z.infer<typeof SetupPasswordResultSchema>;

/** The set-up link's token travels in the path (spec: POST /auth/signup/{id}). */
export const TokenParamsSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(128)) });
/** The set-up link's page: the password is chosen here, by the person who opened the mailed link. */
export const ActivateBodySchema = z.object({ password: NewPasswordSchema, ...clientFields });
export type ActivateBody = z.infer<typeof ActivateBodySchema>;

export const ForgotPasswordBodySchema = z.object({ identifier: IdentifierSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z.object({ password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** Spec point 7, "Update password {new, old}". */
export const ChangePasswordBodySchema = z.object({ old: PasswordSchema, new: NewPasswordSchema });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const DoneSchema = z.object({ done: z.literal(true) });

export const TenantSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** A file id: the logo is GET /api/files/{image}. */
  image: z.nullable(z.string()),
  showPromoTag: z.boolean(),
  /** `#rrggbb`; null: the product's own colours (brand-colors.ts draws the palette). */
  primaryColor: z.nullable(z.string()),
  accentColor: z.nullable(z.string()),
});

export const MeSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** A file id: the avatar is GET /api/files/{avatar} (cookie-friendly) or /api/mobile/users/avatar/{id}. */
  avatar: z.nullable(z.string()),
  role: RoleSchema,
  tenant: TenantSummarySchema,
});
export type Me = z.infer<typeof MeSchema>;

// Form schemas: the API bodies plus the confirm fields only a person needs.

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (v) => v.password === v.confirmPassword,
  {
    error: 'validation.passwordsDontMatch',
    path: ['confirmPassword'],
  },
);

/** Login step 1: only the identifier, before has-password answers. */
export const IdentifyFormSchema = z.object({ email: IdentifierSchema });

/**
 * Login step 2. The screen holds the password to the chosen-password minimum (spec point 5) before asking the
 * server, which itself still accepts any stored password (SignInBodySchema).
 */
export const LoginFormSchema = z.object({
  email: IdentifierSchema,
  password: NewPasswordSchema,
  rememberMe: z.boolean(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** The set-up of a username-only account: its new password, with the code its admin handed over. */
export const SetupWithCodeFormSchema = z
  .object({
    email: IdentifierSchema,
    password: NewPasswordSchema,
    confirmPassword: NewPasswordSchema,
    rememberMe: z.boolean(),
    activationCode: ActivationCodeSchema,
  })
  .check(passwordsMatch);

export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: NewPasswordSchema })
  .check(passwordsMatch);
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

export const ChangePasswordFormSchema = z
  .object({ old: PasswordSchema, password: NewPasswordSchema, confirmPassword: NewPasswordSchema })
  .check(passwordsMatch);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
