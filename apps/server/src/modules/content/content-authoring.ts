import type {
  ContentConfiguration,
  ContentSettings,
  ContentType,
  MediaType,
  QuestionType,
  Repeat,
} from '@kanal/contract';
import type { Tx } from '../../db/client.js';
import { createAuthoringRepository } from './content-authoring.repository.js';

/**
 * Writing content. The demo seed and the test factories use these functions today; the admin API
 * (POST/PATCH /content) will call the same ones, so every way in keeps the inbox in step.
 */

export type ContentStatus = 'draft' | 'scheduled' | 'published' | 'archived';
export type Audience = 'all' | { groups?: number[]; users?: number[] };

export type NewContent = {
  tenantId: number;
  creatorId: number;
  type: ContentType;
  configuration?: ContentConfiguration;
  name: string;
  description?: string;
  /** A file id of the tenant's (the cover picture). */
  image?: string | null;
  category?: string | null;
  publishAt: Date;
  status: ContentStatus;
  settings?: Partial<ContentSettings>;
  audience: Audience;
  material?: {
    link?: string | null;
    text?: string | null;
    media?: { type: MediaType; fileId: string; name: string }[];
  };
  questions?: { title: string; type: QuestionType; answers?: { title: string; isCorrect?: boolean }[] }[];
  /** TASK only. */
  task?: { deadline: Date | null; repeat?: Repeat; reminderMinutes?: number | null };
};

const LIVE: ContentStatus[] = ['published', 'scheduled'];

/**
 * Brings the item's inbox rows (content_interaction) in line with its audience and status, inside the
 * caller's transaction — the same one that changed the item, so readers never see one without the other.
 * Live (published or scheduled): every audience member gets a row; rows of users who left the audience
 * go unless already viewed or finished. Draft: untouched rows go. Archived: no row goes (they stay as
 * history). Every remaining row carries the item's publish_at, task flag and liveness, which is all the
 * home feed reads to pick, order and count. Set-based: at most four statements whatever the audience size.
 */
export async function syncAudience(tx: Tx, tenantId: number, contentId: number): Promise<void> {
  const repo = createAuthoringRepository(tx);
  const item = await repo.lockItem(tenantId, contentId);
  if (!item) throw new Error(`content ${contentId} of tenant ${tenantId} does not exist`);
  const live = LIVE.includes(item.status);
  const isTask = item.type === 'TASK';
  if (item.status !== 'archived') await repo.removeUntouched(tenantId, contentId, !live);
  if (live) await repo.addMissing(tenantId, contentId, item.publishAt, isTask);
  await repo.refreshCopies(tenantId, contentId, item.publishAt, isTask, live);
}

/** After a group's members change: re-syncs every item aimed at the group. */
export async function syncGroupAudience(tx: Tx, tenantId: number, groupId: number): Promise<void> {
  const repo = createAuthoringRepository(tx);
  for (const contentId of await repo.contentIdsOfGroup(tenantId, groupId)) {
    await syncAudience(tx, tenantId, contentId);
  }
}

function audienceParts(audience: Audience) {
  if (audience === 'all') return { all: true, groups: [], users: [] };
  return { all: false, groups: [...new Set(audience.groups ?? [])], users: [...new Set(audience.users ?? [])] };
}

/** Creates an item with everything it carries, then fills the inboxes of its audience. */
export async function createContent(tx: Tx, input: NewContent): Promise<number> {
  if (input.task && input.type !== 'TASK') throw new Error('only a TASK carries task details');
  const repo = createAuthoringRepository(tx);
  const { tenantId } = input;
  const contentId = await repo.insertContent({
    tenantId,
    creatorId: input.creatorId,
    type: input.type,
    configuration: input.configuration ?? 'COMMUNICATION',
    name: input.name,
    description: input.description ?? '',
    image: input.image ?? null,
    category: input.category ?? null,
    publishAt: input.publishAt,
    status: input.status,
    settings: {
      timeRestriction: input.settings?.timeRestriction ?? null,
      passingScore: input.settings?.passingScore ?? null,
      comments: input.settings?.comments ?? false,
    },
  });
  const audience = audienceParts(input.audience);
  await repo.replaceAudience(tenantId, contentId, audience.all, audience.groups, audience.users);

  if (input.material) {
    const { link = null, text = null, media = [] } = input.material;
    if (link !== null || text !== null) await repo.insertMaterial({ tenantId, contentId, link, text });
    await repo.insertMedia(media.map((m, position) => ({ tenantId, contentId, position, ...m })));
  }
  for (const [position, q] of (input.questions ?? []).entries()) {
    const questionId = await repo.insertQuestion({ tenantId, contentId, position, title: q.title, type: q.type });
    await repo.insertAnswers(
      (q.answers ?? []).map((a, i) => ({
        tenantId,
        questionId,
        position: i,
        title: a.title,
        isCorrect: a.isCorrect ?? false,
      })),
    );
  }
  if (input.type === 'TASK') {
    await repo.insertTask({
      tenantId,
      contentId,
      deadline: input.task?.deadline ?? null,
      repeat: input.task?.repeat ?? 'NO_REPEAT',
      reminderMinutes: input.task?.reminderMinutes ?? null,
    });
  }
  await syncAudience(tx, tenantId, contentId);
  return contentId;
}

/** Changes who an item is aimed at, and the inboxes with it. */
export async function setAudience(tx: Tx, tenantId: number, contentId: number, audience: Audience): Promise<void> {
  const parts = audienceParts(audience);
  await createAuthoringRepository(tx).replaceAudience(tenantId, contentId, parts.all, parts.groups, parts.users);
  await syncAudience(tx, tenantId, contentId);
}

/** Publishes, schedules, withdraws to draft or archives an item, and the inboxes with it. */
export async function setStatus(tx: Tx, tenantId: number, contentId: number, status: ContentStatus): Promise<void> {
  await createAuthoringRepository(tx).setStatus(tenantId, contentId, status);
  await syncAudience(tx, tenantId, contentId);
}
