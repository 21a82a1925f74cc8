import {
  HasPasswordBodySchema,
  HasPasswordResultSchema,
  SessionSchema,
  SetupPasswordBodySchema,
  SetupPasswordResultSchema,
  SignInBodySchema,
} from '../../auth.js';
import type { Operation } from '../operation.js';

// The sign-in screen's calls, apart from the rest of the account's (session.ts): /login loads this module
// whole, and its JavaScript budget (apps/web/scripts/check-budget.mjs) counts every byte. The mobile
// app's older paths (`/mobile/users/…`) are the same calls under another name, each declared on its own.
const tags = ['auth'];

/** Whether the account has a password yet, and if not how it is set up (a mailed link or a code). */
export const hasPassword = {
  method: 'POST',
  path: '/auth/has-password',
  access: 'public',
  tags,
  body: HasPasswordBodySchema,
  response: HasPasswordResultSchema,
  errors: ['TooManyRequests'],
} as const satisfies Operation;

export const mobileHasPassword = { ...hasPassword, path: '/mobile/users/has-password' } as const satisfies Operation;

/** Opens a session (also set as the HttpOnly session cookie, for what the browser loads itself). */
export const signIn = {
  method: 'POST',
  path: '/auth/signin',
  access: 'public',
  tags,
  body: SignInBodySchema,
  response: SessionSchema,
  errors: ['WrongCredentials', 'AccountDeactivated', 'SsoRequired', 'TooManyRequests'],
} as const satisfies Operation;

export const mobileSignIn = { ...signIn, path: '/mobile/users/login' } as const satisfies Operation;

/** First-time set-up: a link mailed to an account with an e-mail, or the activation code and the password. */
export const setupPassword = {
  method: 'POST',
  path: '/auth/setup-password',
  access: 'public',
  tags,
  body: SetupPasswordBodySchema,
  response: SetupPasswordResultSchema,
  errors: ['ActivationCodeInvalid', 'TooManyRequests'],
} as const satisfies Operation;
