import { IdParamsSchema } from '../../envelope.js';
import { FileParamsSchema, STORED_FILE_TYPES, StoredFileListSchema, StoredFileSchema } from '../../files.js';
import { TenantScopeQuerySchema } from '../../people.js';
import type { Operation } from '../operation.js';

// Stored files: read what one may see (an item's image and media, a logo, an avatar); upload as an
// author. `?tenant=`: the console's SUPERADMIN uploads and shows an organisation's files in that
// organisation; naming one they may not work in answers 404, as any other tenant's id does.
const tags = ['files'];

/** A stored file's bytes; also with the session cookie, for `<img src>` (see `fileUrl` in the web). */
export const getFile = {
  method: 'GET',
  path: '/files/:file',
  access: 'signedIn',
  tags,
  params: FileParamsSchema,
  query: TenantScopeQuerySchema,
  produces: STORED_FILE_TYPES,
  cookieAuth: true,
} as const satisfies Operation;

/** An organisation's logo. */
export const getTenantLogo = {
  method: 'GET',
  path: '/mobile/client/logo/:id',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  produces: STORED_FILE_TYPES,
} as const satisfies Operation;

export const uploadFile = {
  method: 'POST',
  path: '/files',
  access: 'content.author',
  tags,
  query: TenantScopeQuerySchema,
  consumes: ['multipart/form-data'],
  response: StoredFileSchema,
} as const satisfies Operation;

export const uploadFiles = {
  method: 'POST',
  path: '/files/multiple',
  access: 'content.author',
  tags,
  query: TenantScopeQuerySchema,
  consumes: ['multipart/form-data'],
  response: StoredFileListSchema,
} as const satisfies Operation;
