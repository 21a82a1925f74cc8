import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A stored file on its way out: what the headers need, and its bytes. */
export type FileDownload = { file: { id: string; name: string; mime: string; size: number }; body: Readable };

const INLINE = /^(image\/(png|jpeg|gif|webp|svg\+xml)|video\/|audio\/|application\/pdf$)/;

/** Streams a stored file with headers that keep a browser from treating it as anything else. */
export function sendFile(req: FastifyRequest, reply: FastifyReply, { file, body }: FileDownload) {
  // A file id names fixed bytes, so the id is a strong validator.
  const etag = `"${file.id}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=31536000, immutable')
    // Even an SVG opened directly may not run script or load anything.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header(
      'content-disposition',
      `${INLINE.test(file.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
  if (req.headers['if-none-match'] === etag) {
    body.destroy();
    return reply.status(304).send();
  }
  return reply.type(file.mime).header('content-length', file.size).send(body);
}
