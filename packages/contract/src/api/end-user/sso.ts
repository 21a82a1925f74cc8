import { SessionSchema } from '../../auth.js';
import {
  SsoCallbackQuerySchema,
  SsoEntryListSchema,
  SsoProvidersQuerySchema,
  SsoStartParamsSchema,
  SsoStartQuerySchema,
  SsoTicketBodySchema,
} from '../../sso.js';
import type { Operation } from '../operation.js';

// Signing in through the organisation's identity provider (issue 31). The browser goes to `startSso`,
// which redirects it to the provider; the provider sends it back to `ssoCallback`, which redirects to the
// web app's /sso page with a single-use ticket (or with the reason of a refusal); the app trades the ticket
// for a session as a sign-in would answer it.
const tags = ['auth'];

export const startSso = {
  method: 'GET',
  path: '/auth/sso/:tenant/:provider',
  access: 'public',
  tags,
  params: SsoStartParamsSchema,
  query: SsoStartQuerySchema,
  redirects: true,
  errors: ['TooManyRequests'],
} as const satisfies Operation;

export const ssoCallback = {
  method: 'GET',
  path: '/auth/sso/callback',
  access: 'public',
  tags,
  query: SsoCallbackQuerySchema,
  redirects: true,
} as const satisfies Operation;

export const redeemSsoTicket = {
  method: 'POST',
  path: '/auth/sso/ticket',
  access: 'public',
  tags,
  body: SsoTicketBodySchema,
  response: SessionSchema,
  errors: ['TokenInvalid'],
} as const satisfies Operation;

/** An organisation's enabled providers by name, for its tenant link (/sso?tenant=…); none for an unknown id. */
export const listSsoProviders = {
  method: 'GET',
  path: '/auth/sso/providers',
  access: 'public',
  tags,
  query: SsoProvidersQuerySchema,
  response: SsoEntryListSchema,
} as const satisfies Operation;
