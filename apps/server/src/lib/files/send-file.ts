import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A stored file on its way out: what the headers need, its bytes, and how long a browser may keep it.
 * `revalidate`: a private file, checked again on every use (a 304 when unchanged), so nothing is shown
 * from the cache once the session that fetched it has ended. `immutable`: bytes anyone in the tenant
 * may see under an address that never changes (the logo by its file id), kept for a year.
 */
export type FileDownload = {
  file: { id: string; name: string; mime: string; size: number };
  body: Readable;
  caching: 'revalidate' | 'immutable';
};

const CACHE_CONTROL: Record<FileDownload['caching'], string> = {
  revalidate: 'private, no-cache',
  // private all the same: the answer depends on who asks (another tenant gets 404), so no shared cache may keep it.
  immutable: 'private, max-age=31536000, immutable',
};

const INLINE = /^(image\/(png|jpeg|gif|webp|svg\+xml)|video\/|audio\/|application\/pdf$)/;

/** Streams a stored file with headers that keep a browser from treating it as anything else. */
export function sendFile(req: FastifyRequest, reply: FastifyReply, { file, body, caching }: FileDownload) {
  // A file id names fixed bytes, so the id is a strong validator.
  const etag = `"${file.id}"`;
  reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL[caching])
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
