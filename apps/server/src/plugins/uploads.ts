import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** One uploaded file, read whole: FileStore.put takes bytes, and the type is sniffed from them. */
export type Upload = { fileName: string; bytes: Buffer };

/**
 * Accepts multipart bodies in `scope` only (register the upload routes inside it), with these
 * limits. Going over one answers 413 (plugins/errors.ts maps the plugin's codes).
 */
export async function acceptUploads(scope: FastifyInstance, limits: { fileSize: number; files: number }) {
  await scope.register(multipart, {
    limits: {
      fileSize: limits.fileSize,
      files: limits.files,
      // Uploads carry files, not forms: a few short fields at most.
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: limits.files + 5,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
}

/**
 * The request's files, one at a time as they arrive, so a caller can refuse the first bad one
 * before the rest is read. Malformed multipart is the client's fault: 400, never 500.
 */
export async function* uploadedFiles(req: FastifyRequest): AsyncGenerator<Upload> {
  try {
    for await (const part of req.files()) {
      yield { fileName: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    // The plugin's own errors carry a code (and a status) that the error handler maps; busboy's do not.
    if ((error as { code?: unknown }).code) throw error;
    throw new AppError('BodyParamsInvalid', 400, { field: { name: 'body', message: 'validation.invalid' } });
  }
}
