import {
  type ContentConfiguration,
  type ContentSettings,
  type ContentStatus,
  type ContentType,
  hasForm,
  type MediaType,
  NOTIFY_INTERVAL_MS,
  type QuestionType,
  type Repeat,
} from '@kanal/contract';
import type { AuditEntry, AuditLog } from '../audit/audit.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { AuthoringRepository } from './authoring.repository.js';
import { type Audience, audienceParts } from './authoring-audience.js';
import { type NoticeScheduler, planSchedule, SCHEDULE_QUEUES } from './authoring-schedule.js';

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
  /** A task's deadline (required), repetition and reminder; a form's due date and reminder, when it has one. */
  task?: { deadline: Date | null; repeat?: Repeat; reminderMinutes?: number | null };
};

/** What an edit changes: the fields given are written again as a whole (material with its media). */
export type ContentChanges = Partial<
  Pick<
    NewContent,
    'name' | 'description' | 'image' | 'category' | 'settings' | 'material' | 'questions' | 'audience'
  > & {
    publishAt: Date;
    status: ContentStatus;
    /** The deadline written again; null takes a form's due date away. */
    task: NewContent['task'] | null;
  }
>;

/** A promotion's copies (the promotions module's repository, bound to the transaction). */
type PromotionCopies = {
  copiesOf(
    sourceTenantId: number,
    sourceId: number,
  ): PromiseLike<{ tenantId: number; contentId: number; sent: boolean }[]>;
  insertCopy(row: { tenantId: number; contentId: number; sourceTenantId: number; sourceId: number }): Promise<void>;
  markSent(sourceTenantId: number, sourceId: number, tenantIds: number[]): Promise<void>;
  providerAccountOf(tenantId: number): Promise<number | undefined>;
};

type Repos = {
  repo: AuthoringRepository;
  inbox: Inbox;
  audit: AuditLog;
  jobs: NoticeScheduler;
  copies: PromotionCopies;
  /** The account standing for a provider in a tenant (the users module's, bound to the transaction). */
  insertStandIn: (tenantId: number, providerTenantId: number) => Promise<number>;
  /** A tenant's rows for another's files, shared into it (the files module's, bound to the transaction). */
  shareFiles: (fromTenantId: number, toTenantId: number, fileIds: string[]) => Promise<void>;
};
type Deps = {
  /** Runs `fn` in one transaction (a savepoint inside the caller's), with the repository, inbox and audit bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
};

const fullSettings = (settings: Partial<ContentSettings> = {}): ContentSettings => ({
  timeRestriction: settings.timeRestriction ?? null,
  passingScore: settings.passingScore ?? null,
  comments: settings.comments ?? false,
});

/** The item's inbox rows in line with the item, its row locked so two syncs of one item run in turn. */
async function sync({ repo, inbox }: Repos, tenantId: number, contentId: number): Promise<void> {
  const item = await repo.lockItem(tenantId, contentId);
  if (!item) throw new Error(`content ${contentId} of tenant ${tenantId} does not exist`);
  await inbox.sync(tenantId, contentId, item);
}

/** After a change of status, times or deadline: the inboxes, then the item's schedule. */
async function syncAndPlan(repos: Repos, tenantId: number, contentId: number): Promise<void> {
  await sync(repos, tenantId, contentId);
  await planSchedule(repos.repo, repos.jobs, tenantId, contentId);
}

async function writeAudience({ repo }: Repos, tenantId: number, contentId: number, audience: Audience) {
  await repo.replaceAudience(tenantId, contentId, audienceParts(audience));
}

async function writeMaterial(
  { repo }: Repos,
  tenantId: number,
  contentId: number,
  { link = null, text = null, media = [] }: NonNullable<NewContent['material']>,
) {
  if (link !== null || text !== null) await repo.insertMaterial({ tenantId, contentId, link, text });
  await repo.insertMedia(media.map((m, position) => ({ tenantId, contentId, position, ...m })));
}

async function writeQuestions(
  { repo }: Repos,
  tenantId: number,
  contentId: number,
  questions: NonNullable<NewContent['questions']>,
) {
  for (const [position, q] of questions.entries()) {
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
}

/**
 * A task's details. A repeating task counts its occurrences from an anchor, its first deadline; an edit
 * that keeps the deadline and the repetition keeps them (`previous`), one that changes either starts the
 * count again from the new deadline. An occurrence the next one replaced stays replaced.
 */
async function writeTask(
  { repo }: Repos,
  tenantId: number,
  contentId: number,
  details: NewContent['task'],
  previous?: {
    deadline: Date | null;
    repeat: Repeat;
    anchor: Date | null;
    occurrence: number;
    supersededAt: Date | null;
  },
) {
  const deadline = details?.deadline ?? null;
  const repeat = details?.repeat ?? 'NO_REPEAT';
  const kept = previous && previous.repeat === repeat && previous.deadline?.getTime() === deadline?.getTime();
  await repo.insertTask({
    tenantId,
    contentId,
    deadline,
    repeat,
    reminderMinutes: details?.reminderMinutes ?? null,
    anchor: kept ? previous.anchor : repeat === 'NO_REPEAT' ? null : deadline,
    occurrence: kept ? previous.occurrence : 0,
    supersededAt: previous?.supersededAt ?? null,
  });
}

/** What a copy of an item takes from it as it is (a promotion's copies, a task's next occurrence). */
const ownFields = (source: NonNullable<Awaited<ReturnType<AuthoringRepository['find']>>>) => ({
  type: source.type,
  configuration: source.configuration,
  name: source.name,
  description: source.description,
  image: source.image,
  category: source.category,
  settings: source.settings,
});

/**
 * Writes a promotion's copies as its source is now: its fields, material, media (the files shared into
 * each organisation), task and, where nobody has answered the copy yet, its questions; aimed at everyone
 * there, published as the source is while the organisation is sent it, archived once it is taken off.
 * Each copy's inbox follows in the same transaction.
 */
async function writeCopies(repos: Repos, tenantId: number, sourceId: number): Promise<void> {
  const { repo } = repos;
  const copies = await repos.copies.copiesOf(tenantId, sourceId);
  if (copies.length === 0) return;
  const source = await repo.find(tenantId, sourceId, new Date());
  if (!source) throw new Error(`content ${sourceId} of tenant ${tenantId} does not exist`);
  const [media, questions] = await Promise.all([
    repo.mediaOf(tenantId, sourceId),
    repo.questionsOf(tenantId, sourceId),
  ]);
  const files = [...(source.image ? [source.image] : []), ...media.map((m) => m.fileId)];
  for (const copy of copies) {
    await repos.shareFiles(tenantId, copy.tenantId, files);
    await repo.updateContent(copy.tenantId, copy.contentId, {
      ...ownFields(source),
      publishAt: source.publishAt,
      status: copy.sent ? source.storedStatus : 'archived',
    });
    await repo.clearMaterial(copy.tenantId, copy.contentId);
    await writeMaterial(repos, copy.tenantId, copy.contentId, { link: source.link, text: source.text, media });
    const answered = (await repo.find(copy.tenantId, copy.contentId, new Date()))?.answered;
    if (!answered) {
      await repo.clearQuestions(copy.tenantId, copy.contentId);
      await writeQuestions(repos, copy.tenantId, copy.contentId, questions);
    }
    await repo.clearTask(copy.tenantId, copy.contentId);
    if (source.hasTask) {
      await writeTask(repos, copy.tenantId, copy.contentId, {
        deadline: source.deadline,
        repeat: source.repeat ?? 'NO_REPEAT',
        reminderMinutes: source.reminderMinutes,
      });
    }
    await sync(repos, copy.tenantId, copy.contentId);
  }
}

/**
 * Writing content: the staff API (authoring.service.ts), the demo seed and the test factories all write
 * through these, so every way in keeps the inboxes in step: each change, its inbox rows and its audit
 * entry are one transaction.
 */
export const createContentAuthoring = ({ transaction }: Deps) => ({
  /** Creates an item with everything it carries, then fills the inboxes of its audience. */
  create: (input: NewContent, audit?: Omit<AuditEntry, 'details'>): Promise<number> =>
    transaction(async (repos) => {
      if (input.task && input.type !== 'TASK' && !hasForm(input.type))
        throw new Error(`a ${input.type} has no deadline`);
      const { tenantId } = input;
      const contentId = await repos.repo.insertContent({
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
        settings: fullSettings(input.settings),
      });
      await writeAudience(repos, tenantId, contentId, input.audience);
      if (input.material) await writeMaterial(repos, tenantId, contentId, input.material);
      await writeQuestions(repos, tenantId, contentId, input.questions ?? []);
      if (input.type === 'TASK' || input.task) await writeTask(repos, tenantId, contentId, input.task);
      await syncAndPlan(repos, tenantId, contentId);
      if (audit) await repos.audit.record({ ...audit, details: { contentId, by: audit.userId } });
      return contentId;
    }),

  /** Writes the changes given, and the inboxes with them. */
  update: (
    tenantId: number,
    contentId: number,
    changes: ContentChanges,
    audit?: Omit<AuditEntry, 'details'>,
  ): Promise<void> =>
    transaction(async (repos) => {
      const { repo } = repos;
      await repo.updateContent(tenantId, contentId, {
        name: changes.name,
        description: changes.description,
        image: changes.image,
        category: changes.category,
        settings: changes.settings && fullSettings(changes.settings),
        publishAt: changes.publishAt,
        status: changes.status,
      });
      if (changes.material) {
        await repo.clearMaterial(tenantId, contentId);
        await writeMaterial(repos, tenantId, contentId, changes.material);
      }
      if (changes.questions) {
        await repo.clearQuestions(tenantId, contentId);
        await writeQuestions(repos, tenantId, contentId, changes.questions);
      }
      if (changes.task !== undefined) {
        const previous = await repo.taskOf(tenantId, contentId);
        await repo.clearTask(tenantId, contentId);
        if (changes.task) await writeTask(repos, tenantId, contentId, changes.task, previous);
      }
      if (changes.audience) await writeAudience(repos, tenantId, contentId, changes.audience);
      await syncAndPlan(repos, tenantId, contentId);
      await writeCopies(repos, tenantId, contentId);
      if (audit) await repos.audit.record({ ...audit, details: { contentId, by: audit.userId } });
    }),

  /** Deletes an item with everything it carries (its inbox rows, answers and comments go by cascade). */
  remove: (tenantId: number, contentId: number, audit: Omit<AuditEntry, 'details'>): Promise<void> =>
    transaction(async ({ repo, audit: log }) => {
      await repo.deleteCopiesOf(tenantId, contentId);
      await repo.deleteContent(tenantId, contentId);
      await log.record({ ...audit, details: { contentId, by: audit.userId } });
    }),

  /** Changes who an item is aimed at, and the inboxes with it. */
  setAudience: (tenantId: number, contentId: number, audience: Audience): Promise<void> =>
    transaction(async (repos) => {
      await writeAudience(repos, tenantId, contentId, audience);
      await sync(repos, tenantId, contentId);
    }),

  /** Publishes, schedules, withdraws to draft or archives an item, and the inboxes with it. */
  setStatus: (
    tenantId: number,
    contentId: number,
    status: ContentStatus,
    audit?: Omit<AuditEntry, 'details'>,
  ): Promise<void> =>
    transaction(async (repos) => {
      await repos.repo.setStatus(tenantId, contentId, status);
      await syncAndPlan(repos, tenantId, contentId);
      await writeCopies(repos, tenantId, contentId);
      if (audit) await repos.audit.record({ ...audit, details: { contentId, by: audit.userId } });
    }),

  /**
   * Sends a promotion to exactly these organisations (PATCH /promotion/{id}): a copy for each one that has
   * none yet, credited to the provider's account there; the others' copies archived; all of them written
   * as the promotion is now.
   */
  sendPromotion: (tenantId: number, contentId: number, tenantIds: number[], audit: Omit<AuditEntry, 'details'>) =>
    transaction(async (repos) => {
      const { repo } = repos;
      const source = await repo.lockItem(tenantId, contentId);
      if (!source) throw new Error(`content ${contentId} of tenant ${tenantId} does not exist`);
      const existing = new Set((await repos.copies.copiesOf(tenantId, contentId)).map((c) => c.tenantId));
      for (const target of tenantIds.filter((id) => !existing.has(id))) {
        const copyId = await repo.insertContent({
          tenantId: target,
          creatorId: (await repos.copies.providerAccountOf(target)) ?? (await repos.insertStandIn(target, tenantId)),
          type: source.type,
          configuration: 'PROMOTION',
          name: '',
          publishAt: source.publishAt,
          status: 'draft',
        });
        await writeAudience(repos, target, copyId, 'all');
        await repos.copies.insertCopy({
          tenantId: target,
          contentId: copyId,
          sourceTenantId: tenantId,
          sourceId: contentId,
        });
      }
      await repos.copies.markSent(tenantId, contentId, tenantIds);
      await writeCopies(repos, tenantId, contentId);
      await repos.audit.record({ ...audit, details: { contentId, tenantIds, by: audit.userId } });
    }),

  /**
   * Queues a notice about a live item for its audience who have not finished it, at most once an hour:
   * answers its id and their number (no id when all have finished), or when the next may go. The item's row lock makes two at once wait.
   */
  notify: (
    tenantId: number,
    contentId: number,
    now: Date,
    audit: Omit<AuditEntry, 'details'> & { userId: number },
  ): Promise<{ id: number | null; recipients: number } | { nextAt: Date }> =>
    transaction(async ({ repo, audit: log, jobs }) => {
      await repo.lockItem(tenantId, contentId);
      const last = await repo.lastManualNotice(tenantId, contentId);
      if (last && now.getTime() - last.getTime() < NOTIFY_INTERVAL_MS) {
        return { nextAt: new Date(last.getTime() + NOTIFY_INTERVAL_MS) };
      }
      const recipients = await repo.countUnfinished(tenantId, contentId);
      // A notice to nobody is no notice: it is neither sent nor counted against the hour.
      if (recipients === 0) return { id: null, recipients };
      const id = await repo.insertNotice({
        tenantId,
        contentId,
        kind: 'manual',
        requestedBy: audit.userId,
        recipients,
        createdAt: now,
      });
      const payload = { tenantId, contentId, noticeId: id };
      await jobs.schedule([{ queue: SCHEDULE_QUEUES.manual, payload, runAt: now, tenantId }]);
      await log.record({ ...audit, details: { contentId, noticeId: id, recipients, by: audit.userId } });
      return { id, recipients };
    }),

  /**
   * A repeating task's next occurrence, `next.at`: a copy aimed at the same people, published then, due at
   * `next.deadline`, its own state from nothing. The one it replaces leaves the feeds and keeps its state.
   */
  recur: (
    tenantId: number,
    contentId: number,
    next: { at: Date; deadline: Date; occurrence: number },
  ): Promise<number> =>
    transaction(async (repos) => {
      const { repo } = repos;
      const source = await repo.find(tenantId, contentId, next.at);
      const details = await repo.taskOf(tenantId, contentId);
      if (!source || !details) throw new Error(`task ${contentId} of tenant ${tenantId} does not exist`);
      const [media, audience] = await Promise.all([
        repo.mediaOf(tenantId, contentId),
        repo.audienceOf(tenantId, contentId),
      ]);
      const nextId = await repo.insertContent({
        tenantId,
        creatorId: source.creatorId,
        ...ownFields(source),
        publishAt: next.at,
        status: 'published',
      });
      await writeAudience(
        repos,
        tenantId,
        nextId,
        source.audienceAll
          ? 'all'
          : {
              groups: audience.groups.map((g) => g.id),
              users: audience.people.map((p) => p.id),
              rules: audience.rules,
            },
      );
      await writeMaterial(repos, tenantId, nextId, { link: source.link, text: source.text, media });
      await repo.insertTask({
        tenantId,
        contentId: nextId,
        deadline: next.deadline,
        repeat: details.repeat,
        reminderMinutes: details.reminderMinutes,
        anchor: details.anchor,
        occurrence: next.occurrence,
      });
      await syncAndPlan(repos, tenantId, nextId);
      await repo.supersede(tenantId, contentId, next.at);
      await syncAndPlan(repos, tenantId, contentId);
      return nextId;
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
