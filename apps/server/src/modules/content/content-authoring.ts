import type {
  ContentConfiguration,
  ContentSettings,
  ContentStatus,
  ContentType,
  MediaType,
  QuestionType,
  Repeat,
} from '@kanal/contract';
import type { Inbox } from '../inbox/inbox.service.js';
import type { AuthoringRepository } from './content-authoring.repository.js';

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

type Repos = { repo: AuthoringRepository; inbox: Inbox };
type Deps = {
  /** Runs `fn` in one transaction (a savepoint inside the caller's), with the repository and inbox bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
};

function audienceParts(audience: Audience) {
  if (audience === 'all') return { all: true, groups: [], users: [] };
  return { all: false, groups: [...new Set(audience.groups ?? [])], users: [...new Set(audience.users ?? [])] };
}

/** The item's inbox rows in line with the item, its row locked so two syncs of one item run in turn. */
async function sync({ repo, inbox }: Repos, tenantId: number, contentId: number): Promise<void> {
  const item = await repo.lockItem(tenantId, contentId);
  if (!item) throw new Error(`content ${contentId} of tenant ${tenantId} does not exist`);
  await inbox.sync(tenantId, contentId, item);
}

/**
 * Writing content. The demo seed, the test factories and the end-to-end fixtures use it today; the admin
 * API (POST/PATCH /content) will call the same, so every way in keeps the inboxes in step: each change
 * and its inbox rows are one transaction.
 */
export const createContentAuthoring = ({ transaction }: Deps) => ({
  /** Creates an item with everything it carries, then fills the inboxes of its audience. */
  create: (input: NewContent): Promise<number> =>
    transaction(async (repos) => {
      if (input.task && input.type !== 'TASK') throw new Error('only a TASK carries task details');
      const { repo } = repos;
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
      await sync(repos, tenantId, contentId);
      return contentId;
    }),

  /** Changes who an item is aimed at, and the inboxes with it. */
  setAudience: (tenantId: number, contentId: number, audience: Audience): Promise<void> =>
    transaction(async (repos) => {
      const parts = audienceParts(audience);
      await repos.repo.replaceAudience(tenantId, contentId, parts.all, parts.groups, parts.users);
      await sync(repos, tenantId, contentId);
    }),

  /** Publishes, schedules, withdraws to draft or archives an item, and the inboxes with it. */
  setStatus: (tenantId: number, contentId: number, status: ContentStatus): Promise<void> =>
    transaction(async (repos) => {
      await repos.repo.setStatus(tenantId, contentId, status);
      await sync(repos, tenantId, contentId);
    }),

  /** After the people an item is aimed at changed (accounts added, deactivated): its inboxes again. */
  syncAudience: (tenantId: number, contentId: number): Promise<void> =>
    transaction((repos) => sync(repos, tenantId, contentId)),

  /** After a group's members change: every item aimed at the group, again. */
  syncGroupAudience: (tenantId: number, groupId: number): Promise<void> =>
    transaction(async (repos) => {
      for (const contentId of await repos.repo.contentIdsOfGroup(tenantId, groupId)) {
        await sync(repos, tenantId, contentId);
      }
    }),
});
export type ContentAuthoring = ReturnType<typeof createContentAuthoring>;
