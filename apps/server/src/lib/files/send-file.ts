import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bytes `start` to `end` of a file, both included (an HTTP Range). */
export type ByteRange = { start: number; end: number };

/**
 * A stored file on its way out: what the headers need, its bytes, and how long a browser may keep it.
 * `revalidate`: a private file, checked again on every use (a 304 when unchanged), so nothing is shown
 * from the cache once the session that fetched it has ended. `immutable`: bytes anyone in the tenant
 * may see under an address that never changes (the logo by its file id), kept for a year.
 */
export type FileDownload = {
  file: { id: string; name: string; mime: string; size: number };
  /** The bytes from the store, or a range of them; opened only once the answer is decided (not for a 304). */
  open(range?: ByteRange): Promise<Readable>;
  caching: 'revalidate' | 'immutable';
};

const CACHE_CONTROL: Record<FileDownload['caching'], string> = {
  revalidate: 'private, no-cache',
  // private all the same: the answer depends on who asks (another tenant gets 404), so no shared cache may keep it.
  immutable: 'private, max-age=31536000, immutable',
};

const INLINE = /^(image\/(png|jpeg|gif|webp|svg\+xml)|video\/|audio\/|application\/pdf$)/;

/**
 * The one range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within a file of `size` bytes; undefined for the whole
 * file (no header, another unit, several ranges: answered whole, as S3 does), 'unsatisfiable' past its end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? undefined : { start, end };
}

/**
 * Streams a stored file, or the range a player asks for (a video's seek), with headers that keep a browser
 * from treating it as anything else.
 */
export async function sendFile(req: FastifyRequest, reply: FastifyReply, { file, open, caching }: FileDownload) {
  // A file id names fixed bytes, so the id is a strong validator.
  const etag = `"${file.id}"`;
  reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL[caching])
    .header('accept-ranges', 'bytes')
    // Even an SVG opened directly may not run script or load anything.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header(
      'content-disposition',
      `${INLINE.test(file.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? requestedRange(req.headers.range, file.size) : undefined;
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  if (range === undefined)
    return reply
      .type(file.mime)
      .header('content-length', file.size)
      .send(await open());
  return reply
    .status(206)
    .type(file.mime)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await open(range));
}
