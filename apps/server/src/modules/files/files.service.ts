import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { notFound } from '../../lib/app-error.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { FileStore } from './file-store.js';
import type { FilesRepository, StoredFile } from './files.repository.js';

type Deps = { repo: FilesRepository; store: FileStore };
export type FileDownload = { file: StoredFile; body: Readable };

export const createFilesService = ({ repo, store }: Deps) => ({
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

  /** Stores bytes the server already trusts (the demo seed); uploads from users arrive with their own checks. */
  async save(tenantId: number, name: string, mime: string, bytes: Uint8Array): Promise<StoredFile> {
    const storageKey = `${tenantId}/${randomUUID()}`;
    await store.put(storageKey, bytes);
    return repo.insert({ tenantId, name, mime, size: bytes.byteLength, storageKey });
  },
});
export type FilesService = ReturnType<typeof createFilesService>;
