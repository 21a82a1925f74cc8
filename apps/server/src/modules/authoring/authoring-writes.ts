import { type ContentStatus, hasForm, NOTIFY_INTERVAL_MS } from '@kanal/contract';
import type { AuditEntry } from '../audit/audit.service.js';
import type { Audience } from './authoring-audience.js';
import { writeCopies, writeNextOccurrence } from './authoring-copies.js';
import {
  fullSettings,
  type NewContent,
  type Repos,
  sync,
  syncAndPlan,
  writeAudience,
  writeMaterial,
  writeQuestions,
  writeTask,
} from './authoring-parts.js';
import { type Decision, decideReview, recordSubmission, type Submission } from './authoring-review.js';
import { SCHEDULE_QUEUES } from './authoring-schedule.js';

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

type Deps = {
  /** Runs `fn` in one transaction (a savepoint inside the caller's), with the repository, inbox and audit bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
};

/**
 * Writing content: the staff API (authoring.service.ts), the demo seed and the test factories all write
 * through these, so every way in keeps the inboxes in step: each change, its inbox rows and its audit
 * entry are one transaction.
 */
export const createContentAuthoring = ({ transaction }: Deps) => ({
  /**
   * Creates an item with everything it carries, then fills the inboxes of its audience; `submission` when
   * it is created in review.
   */
  create: (input: NewContent, audit?: Omit<AuditEntry, 'details'>, submission?: Submission): Promise<number> =>
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
      if (submission) await recordSubmission(repos, tenantId, contentId, submission);
      return contentId;
    }),

  /** Writes the changes given, and the inboxes with them; `submission` when they send it into review. */
  update: (
    tenantId: number,
    contentId: number,
    changes: ContentChanges,
    audit?: Omit<AuditEntry, 'details'>,
    submission?: Submission,
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
      if (submission) await recordSubmission(repos, tenantId, contentId, submission);
    }),

  /** A reviewer's decision on an item in review; false when it is not in review. */
  decide: (tenantId: number, contentId: number, decision: Decision): Promise<boolean> =>
    transaction((repos) => decideReview(repos, tenantId, contentId, decision)),

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
  recur: (tenantId: number, contentId: number, next: { at: Date; deadline: Date; occurrence: number }) =>
    transaction((repos) => writeNextOccurrence(repos, tenantId, contentId, next)),

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
