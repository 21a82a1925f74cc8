import { randomUUID } from 'node:crypto';
import { type StoredFile, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MIME_TYPES } from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileDownload } from '../../lib/send-file.js';
import { extensionsOf, sniffMime } from '../../lib/sniff-mime.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { Upload } from '../../plugins/uploads.js';
import type { FileStore } from './file-store.js';
import type { FileRow, FilesRepository } from './files.repository.js';

type Deps = { repo: FilesRepository; store: FileStore };

/** What an upload route accepts; the multipart limits refuse bigger files first, this holds all the same. */
export type UploadRule = { accept: readonly string[]; maxBytes: number; maxFiles: number };
export const ANY_UPLOAD: UploadRule = {
  accept: UPLOAD_MIME_TYPES,
  maxBytes: UPLOAD_MAX_BYTES,
  maxFiles: UPLOAD_MAX_FILES,
};

const NAME_MAX_LENGTH = 150;
// Control and format characters (bidi overrides show "gnp.exe" as "exe.png") and characters no file system likes.
const UNSAFE_NAME_CHARS = /[\p{Cc}\p{Cf}"*:<>?|]/gu;

/**
 * The client's file name made safe to show and to put in Content-Disposition: no path, no control
 * or bidi characters, bounded, and with an extension that matches the sniffed type.
 */
export function safeFileName(raw: string | undefined, mime: string): string {
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base.replace(UNSAFE_NAME_CHARS, '').trim().replace(/^\.+/, ''))
    .slice(0, NAME_MAX_LENGTH)
    .join('');
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).trim() || 'file';
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const known = extensionsOf(mime);
  if (known.includes(extension) || known.length === 0) return dot > 0 ? cleaned : stem;
  return `${stem}.${known[0]}`;
}

const view = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.name,
  mime: row.mime,
  size: row.size,
  url: `/api/files/${row.id}`,
});

export const createFilesService = ({ repo, store }: Deps) => {
  /** Stores bytes the server already trusts (the demo seed, tests); uploads from users go through `upload`. */
  async function save(tenantId: number, name: string, mime: string, bytes: Uint8Array): Promise<FileRow> {
    const storageKey = `${tenantId}/${randomUUID()}`;
    await store.put(storageKey, bytes);
    return repo.insert({ tenantId, name, mime, size: bytes.byteLength, storageKey });
  }

  /**
   * Stores the uploaded files of a request in the caller's tenant, typed by their bytes.
   * Every file is checked as it arrives and nothing is stored until all have passed, so a refused
   * request leaves no stray files. The price is holding the request's files in memory (at most
   * maxFiles × maxBytes); a streaming FileStore.put would lift that.
   */
  async function upload(
    ctx: Pick<RequestContext, 'tenantId'>,
    parts: AsyncIterable<Upload>,
    rule: UploadRule = ANY_UPLOAD,
  ): Promise<StoredFile[]> {
    const accepted: { name: string; mime: string; bytes: Buffer }[] = [];
    for await (const { fileName, bytes } of parts) {
      if (accepted.length === rule.maxFiles || bytes.byteLength > rule.maxBytes) {
        throw new AppError('PayloadTooLarge', 413);
      }
      if (bytes.byteLength === 0) {
        throw new AppError('BodyParamsInvalid', 400, { field: { name: 'file', message: 'validation.fileEmpty' } });
      }
      const mime = sniffMime(bytes);
      if (!mime || !rule.accept.includes(mime)) throw new AppError('UnsupportedMediaType', 415);
      accepted.push({ name: safeFileName(fileName, mime), mime, bytes });
    }
    if (accepted.length === 0) {
      throw new AppError('BodyParamsInvalid', 400, { field: { name: 'file', message: 'validation.required' } });
    }
    const stored: StoredFile[] = [];
    for (const { name, mime, bytes } of accepted) stored.push(view(await save(ctx.tenantId, name, mime, bytes)));
    return stored;
  }

  return {
    /** A file of the caller's tenant; any other answers 404, as if it did not exist. */
    async download(ctx: Pick<RequestContext, 'tenantId'>, id: string): Promise<FileDownload> {
      const file = await repo.find(ctx.tenantId, id);
      if (!file) throw notFound();
      return { file, body: store.open(file.storageKey) };
    },

    /** GET /mobile/client/logo/{id}: only the caller's own tenant is visible. */
    async tenantLogo(ctx: Pick<RequestContext, 'tenantId'>, tenantId: number): Promise<FileDownload> {
      const file = tenantId === ctx.tenantId ? await repo.findTenantLogo(tenantId) : undefined;
      if (!file) throw notFound();
      return { file, body: store.open(file.storageKey) };
    },

    save,
    upload,

    /** Exactly one file: a second one answers 413. */
    async uploadOne(
      ctx: Pick<RequestContext, 'tenantId'>,
      parts: AsyncIterable<Upload>,
      rule: UploadRule = ANY_UPLOAD,
    ): Promise<StoredFile> {
      const [stored] = await upload(ctx, parts, { ...rule, maxFiles: 1 });
      if (!stored) throw new Error('upload stored nothing');
      return stored;
    },
  };
};
export type FilesService = ReturnType<typeof createFilesService>;
