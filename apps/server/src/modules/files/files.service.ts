import { randomUUID } from 'node:crypto';
import {
  api,
  type Role,
  type StoredFile,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MIME_TYPES,
  urlOf,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { FileDownload } from '../../lib/files/send-file.js';
import { extensionsOf, sniffStream } from '../../lib/files/sniff-mime.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { Upload } from '../../plugins/uploads.js';
import type { FileStore } from './file-store.js';
import type { FileRow, FilesRepository } from './files.repository.js';

type Deps = {
  repo: FilesRepository;
  store: FileStore;
  /** Whether an item the caller sees (in their inbox or archive) shows the file, as its image or among its media. */
  contentShowsFile: (ctx: Pick<RequestContext, 'tenantId' | 'userId'>, fileId: string) => Promise<boolean>;
};

/** What an upload route accepts; the multipart limits refuse bigger files first, the store's limit holds all the same. */
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
  url: urlOf(api.getFile, { file: row.id }),
});

/** Staff read every file of their tenant (DESIGN.md §5); a USER only what is shown to them. */
const READS_EVERY_FILE: readonly Role[] = ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'];

const newStorageKey = (tenantId: number) => `${tenantId}/${randomUUID()}`;

export const createFilesService = ({ repo, store, contentShowsFile }: Deps) => {
  /** Stores bytes the server already trusts (the demo seed, tests); uploads from users go through `upload`. */
  async function save(tenantId: number, name: string, mime: string, bytes: Uint8Array): Promise<FileRow> {
    const storageKey = newStorageKey(tenantId);
    const size = await store.put(storageKey, bytes);
    const [row] = await repo.insert([{ tenantId, name, mime, size, storageKey }]);
    if (!row) throw new Error('file insert returned nothing');
    return row;
  }

  /** Streams one uploaded file into the store, typed by its first bytes: a refused type stores nothing. */
  async function storeUpload(tenantId: number, { fileName, content }: Upload, rule: UploadRule) {
    const { mime, empty, bytes } = await sniffStream(content);
    if (empty) {
      throw new AppError('BodyParamsInvalid', { field: { name: 'file', message: 'validation.fileEmpty' } });
    }
    if (!mime || !rule.accept.includes(mime)) throw new AppError('UnsupportedMediaType');
    const storageKey = newStorageKey(tenantId);
    const size = await store.put(storageKey, bytes, rule.maxBytes);
    return { tenantId, name: safeFileName(fileName, mime), mime, size, storageKey };
  }

  /**
   * Stores the uploaded files of a request in the caller's tenant, each streamed to the store as it
   * arrives, so memory stays bounded whatever their size. The rows are written only once every file's
   * bytes are stored; when any file is refused, the bytes already stored for the request are removed.
   */
  async function upload(
    ctx: Pick<RequestContext, 'tenantId'>,
    parts: AsyncIterable<Upload>,
    rule: UploadRule = ANY_UPLOAD,
  ): Promise<StoredFile[]> {
    const stored: Awaited<ReturnType<typeof storeUpload>>[] = [];
    try {
      for await (const part of parts) {
        if (stored.length === rule.maxFiles) throw new AppError('PayloadTooLarge');
        stored.push(await storeUpload(ctx.tenantId, part, rule));
      }
      if (stored.length === 0) {
        throw new AppError('BodyParamsInvalid', { field: { name: 'file', message: 'validation.required' } });
      }
      const order = stored.map(({ storageKey }) => storageKey);
      // In the order the files came, whatever order the database returns them in.
      const rows = await repo.insert(stored);
      return rows.sort((a, b) => order.indexOf(a.storageKey) - order.indexOf(b.storageKey)).map(view);
    } catch (error) {
      await Promise.all(stored.map(({ storageKey }) => store.remove(storageKey)));
      throw error;
    }
  }

  return {
    /**
     * A file of the caller's tenant that the caller may see: staff any; a USER the tenant's logo, a
     * colleague's avatar, or an image or media of an item in their inbox or archive. Anything else
     * answers 404, as if it did not exist. The logo's bytes are the same for the whole tenant and never
     * change under one id, so it may stay cached; every other file is checked again on each use.
     */
    async download(ctx: Pick<RequestContext, 'tenantId' | 'userId' | 'role'>, id: string): Promise<FileDownload> {
      const found = await repo.find(ctx.tenantId, id);
      if (!found) throw notFound();
      const mayRead =
        READS_EVERY_FILE.includes(ctx.role) || found.isLogo || found.isAvatar || (await contentShowsFile(ctx, id));
      if (!mayRead) throw notFound();
      return {
        file: found.file,
        open: (range) => store.open(found.file.storageKey, range),
        caching: found.isLogo ? 'immutable' : 'revalidate',
      };
    },

    /**
     * GET /mobile/client/logo/{id}: only the caller's own tenant is visible. The address names the
     * tenant, not the bytes, so a new logo must show: it is revalidated by its ETag on each use.
     */
    async tenantLogo(ctx: Pick<RequestContext, 'tenantId'>, tenantId: number): Promise<FileDownload> {
      const file = tenantId === ctx.tenantId ? await repo.findTenantLogo(tenantId) : undefined;
      if (!file) throw notFound();
      return { file, open: (range) => store.open(file.storageKey, range), caching: 'revalidate' };
    },

    save,
    upload,
    /** Which of these ids are files of the tenant, and of what kind: what content may point at. */
    kinds: repo.kinds,
    /** Whether a file's bytes are in the store. */
    stored: (storageKey: string) => store.exists(storageKey),

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
