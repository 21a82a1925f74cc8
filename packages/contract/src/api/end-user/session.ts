import {
  ActivateBodySchema,
  ChangePasswordBodySchema,
  DoneSchema,
  ForgotPasswordBodySchema,
  MeSchema,
  ResetPasswordBodySchema,
  SessionSchema,
  TokenParamsSchema,
} from '../../auth.js';
import { SignOutResultSchema } from '../../sso.js';
import type { Operation } from '../operation.js';

// Setting an account up and recovering it by a mailed link, and the signed-in session's own calls. The
// mobile app's older paths (`/mobile/users/…`) are the same calls under another name.
const tags = ['auth'];

/** The set-up link's page: the password chosen there takes effect and signs in. */
export const signUp = {
  method: 'POST',
  path: '/auth/signup/:token',
  access: 'public',
  tags,
  params: TokenParamsSchema,
  body: ActivateBodySchema,
  response: SessionSchema,
  errors: ['TokenInvalid', 'TooManyRequests'],
} as const satisfies Operation;

/** Queues a reset link; the same answer whether or not the account exists. */
export const forgotPassword = {
  method: 'POST',
  path: '/auth/forgot-password',
  access: 'public',
  tags,
  body: ForgotPasswordBodySchema,
  response: DoneSchema,
  errors: ['TooManyRequests'],
} as const satisfies Operation;

export const mobileForgotPassword = {
  ...forgotPassword,
  path: '/mobile/users/resetpassword',
} as const satisfies Operation;

/** A new password from a reset or welcome link. */
export const resetPassword = {
  method: 'POST',
  path: '/auth/reset-password/:token',
  access: 'public',
  tags,
  params: TokenParamsSchema,
  body: ResetPasswordBodySchema,
  response: DoneSchema,
  errors: ['TokenInvalid', 'TooManyRequests'],
} as const satisfies Operation;

/** The signed-in user's new password, given the current one; their other sessions end. */
export const changePassword = {
  method: 'POST',
  path: '/mobile/users/password',
  access: 'signedIn',
  tags,
  body: ChangePasswordBodySchema,
  response: DoneSchema,
  errors: ['PasswordNotChanged', 'TooManyRequests'],
} as const satisfies Operation;

/** The signed-in user and their organisation. */
export const getMe = {
  method: 'GET',
  path: '/auth/me',
  access: 'signedIn',
  tags,
  response: MeSchema,
} as const satisfies Operation;

export const mobileGetMe = { ...getMe, path: '/mobile/users/data' } as const satisfies Operation;

/** The web app's manifest as the signed-in user's organisation brands it (loaded by the browser itself). */
export const webManifest = {
  method: 'GET',
  path: '/auth/manifest.webmanifest',
  access: 'signedIn',
  tags,
  produces: ['application/manifest+json'],
  cookieAuth: true,
} as const satisfies Operation;

/**
 * Ends the session (and clears its cookie); for a session started through an identity provider, also names
 * the provider's end-session address, where the browser goes next.
 */
export const signOut = {
  method: 'GET',
  path: '/auth/signout',
  access: 'signedIn',
  tags,
  response: SignOutResultSchema,
} as const satisfies Operation;
