import type { MediaFix, MediaType } from '@kanal/contract';
import type { AuditLog } from '../audit/audit.service.js';
import type { AuthoringRepository } from './authoring.repository.js';

/** Media are checked this many at a time. */
const MEDIA_BATCH = 500;

/** A medium's kind, read from its file: pictures, then anything a player plays, then documents. */
export function mediaTypeOf(mime: string): MediaType {
  if (mime.startsWith('image/')) return 'IMAGE';
  if (mime.startsWith('video/') || mime.startsWith('audio/')) return 'VIDEO';
  return 'DOCUMENT';
}

type Deps = {
  repo: Pick<AuthoringRepository, 'mediaBatch' | 'retypeMedia'>;
  /** Whether a file's bytes are in the store. */
  fileStored: (storageKey: string) => Promise<boolean>;
  audit: AuditLog;
};

/** The operator's repair of every tenant's media (spec point 7, "Content" maintenance). */
export const createMediaMaintenance = ({ repo, fileStored, audit }: Deps) => ({
  /**
   * POST /content/info/fix-media: every tenant's media, in batches. A kind that disagrees with the file
   * is set from the file; missing bytes are reported, since only a person can upload them again.
   */
  async fixMedia(staff: { tenantId: number; userId: number }): Promise<MediaFix> {
    const found: MediaFix['found'] = [];
    let after = { tenantId: 0, id: 0 };
    for (;;) {
      const batch = await repo.mediaBatch(after, MEDIA_BATCH);
      for (const m of batch) {
        const where = { tenantId: m.tenantId, contentId: m.contentId, mediaId: m.id };
        if (!(await fileStored(m.storageKey))) found.push({ ...where, problem: 'missing', repaired: false });
        const type = mediaTypeOf(m.mime);
        if (type !== m.type) {
          await repo.retypeMedia(m.tenantId, m.id, type);
          found.push({ ...where, problem: 'mistyped', repaired: true });
        }
      }
      const last = batch.at(-1);
      if (!last || batch.length < MEDIA_BATCH) break;
      after = { tenantId: last.tenantId, id: last.id };
    }
    await audit.record({
      event: 'maintenance.media_fixed',
      tenantId: staff.tenantId,
      userId: staff.userId,
      details: { found: found.length, by: staff.userId },
    });
    return { found };
  },
});
