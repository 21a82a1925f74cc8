import * as z from 'zod/mini';

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** What an upload may be, decided by its bytes, never by the client's Content-Type or file name. */
export const UPLOAD_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
] as const;
/** What a stored file can be: an upload's types, and the SVG logos the demo organisations are seeded with. */
export const STORED_FILE_TYPES = [...UPLOAD_MIME_TYPES, 'image/svg+xml'] as const;

export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** An uploaded file; `url` is where it is downloaded (GET /api/files/{id}, cookie auth accepted). */
export const StoredFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.int(),
  url: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const StoredFileListSchema = z.array(StoredFileSchema);

/** GET /files/{file}: a stored file names itself by a UUID. */
export const FileParamsSchema = z.object({ file: z.uuid() });
