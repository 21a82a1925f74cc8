import { DoneSchema, MeSchema, TokenParamsSchema } from '../../auth.js';
import { EmailBodySchema, NamesBodySchema, PhoneBodySchema } from '../../content.js';
import { IdParamsSchema } from '../../envelope.js';
import { AVATAR_MIME_TYPES, StoredFileSchema } from '../../files.js';
import { LanguageBodySchema } from '../../notifications.js';
import type { Operation } from '../operation.js';

// The signed-in user's own account (spec point 7, POST /mobile/users/*): every change answers Me.
const tags = ['users'];

export const setMyName = {
  method: 'POST',
  path: '/mobile/users/names',
  access: 'signedIn',
  tags,
  body: NamesBodySchema,
  response: MeSchema,
} as const satisfies Operation;

export const setMyPhone = {
  method: 'POST',
  path: '/mobile/users/phone',
  access: 'signedIn',
  tags,
  body: PhoneBodySchema,
  response: MeSchema,
} as const satisfies Operation;

/** Asks for a new e-mail address (with the current password): it changes once the mailed link is opened. */
export const requestEmailChange = {
  method: 'POST',
  path: '/mobile/users/email',
  access: 'signedIn',
  tags,
  body: EmailBodySchema,
  response: MeSchema,
  errors: ['InvalidPassword', 'EmailTaken', 'TooManyRequests'],
} as const satisfies Operation;

/** The link mailed to a new address, opened (maybe on another device, signed out). */
export const confirmEmail = {
  method: 'POST',
  path: '/mobile/users/email/confirm/:token',
  access: 'public',
  tags,
  params: TokenParamsSchema,
  response: DoneSchema,
  errors: ['EmailTaken'],
} as const satisfies Operation;

export const acceptTerms = {
  method: 'POST',
  path: '/mobile/users/accept-terms',
  access: 'signedIn',
  tags,
  response: DoneSchema,
} as const satisfies Operation;

/** The language the person uses the app in: their notices and e-mails follow it. */
export const setMyLanguage = {
  method: 'POST',
  path: '/mobile/users/language',
  access: 'signedIn',
  tags,
  body: LanguageBodySchema,
  response: DoneSchema,
} as const satisfies Operation;

/** A person's avatar, of the caller's organisation. */
export const userAvatar = {
  method: 'GET',
  path: '/mobile/users/avatar/:id',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  produces: AVATAR_MIME_TYPES,
} as const satisfies Operation;

/** One image, as multipart form data. */
export const uploadMyAvatar = {
  method: 'POST',
  path: '/mobile/users/avatar',
  access: 'signedIn',
  tags,
  consumes: ['multipart/form-data'],
  response: StoredFileSchema,
} as const satisfies Operation;
