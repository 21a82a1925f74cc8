import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** One uploaded file as it arrives: read `content` to the end before asking for the next file. */
export type Upload = { fileName: string; content: AsyncIterable<Buffer> };

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

/** Malformed multipart is the client's fault: 400, never 500. */
function clientFault(error: unknown): unknown {
  // The plugin's own errors carry a code (and a status) that the error handler maps; busboy's do not.
  if ((error as { code?: unknown }).code) return error;
  return new AppError('BodyParamsInvalid', { field: { name: 'body', message: 'validation.invalid' } });
}

/** A file's bytes; busboy cuts a file at the size limit and ends it quietly, so that is turned into 413 here. */
async function* fileContent(file: MultipartFile['file']): AsyncGenerator<Buffer> {
  try {
    yield* file;
  } catch (error) {
    throw clientFault(error);
  }
  if (file.truncated) throw new AppError('PayloadTooLarge');
}

/**
 * The request's files, one at a time as they arrive, each streamed, so a caller can refuse the first
 * bad one before the rest is read and never holds a whole file.
 */
export async function* uploadedFiles(req: FastifyRequest): AsyncGenerator<Upload> {
  try {
    for await (const part of req.files()) {
      yield { fileName: part.filename, content: fileContent(part.file) };
    }
  } catch (error) {
    throw clientFault(error);
  }
}
