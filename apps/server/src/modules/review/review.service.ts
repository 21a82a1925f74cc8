import {
  may,
  mayReview,
  type ReviewDecisionBody,
  type ReviewQueue,
  type ReviewQueueQuery,
  type ReviewSettings,
  type ReviewSettingsBody,
  type ReviewStep,
  type StaffContent,
} from '@kanal/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Author } from '../authoring/authoring.service.js';
import type { ReviewRepository } from './review.repository.js';

type Deps = {
  repo: ReviewRepository;
  /** Runs `fn` in one transaction with this module's repository and the audit log bound to it. */
  transaction: <T>(fn: (repos: { repo: ReviewRepository; audit: AuditLog }) => Promise<T>) => Promise<T>;
  /** The item as its staff read it; 404 when the tenant has no such item (the authoring module's). */
  itemOf: (author: Author, contentId: number) => Promise<StaffContent>;
  /** Writes a reviewer's decision with the item; false when the item is not in review (the authoring module's). */
  decide: (
    tenantId: number,
    contentId: number,
    decision: { approve: boolean; comment: string | null; by: number; at: Date },
  ) => Promise<boolean>;
  /** Starts the background work now: an approved item's notice, the author's. */
  kickJobs: () => Promise<void>;
  clock: Clock;
};

/**
 * Review before publishing (issue 34, ADR 0065): the organisation's choice and its reviewers, the items in
 * review, and the decisions on them. Sending an item for review is authoring's: it happens as the item is saved.
 */
export const createReview = ({ repo, transaction, itemOf, decide, kickJobs, clock }: Deps) => {
  /**
   * Whether the caller reviews others' items: an admin of the organisation, or a CREATOR its admins named;
   * the provider's SUPERADMIN working in a client organisation does not, its own people do.
   */
  async function reviewer(author: Author): Promise<boolean> {
    if (author.tenantId !== author.ownTenantId) return false;
    const named = author.role === 'CREATOR' && (await repo.isNamed(author.tenantId, author.userId));
    return mayReview({ role: author.role, id: author.userId, reviewer: named });
  }

  async function settings(author: Author): Promise<ReviewSettings> {
    const [required, reviewers, reviews] = await Promise.all([
      repo.required(author.tenantId),
      repo.named(author.tenantId),
      reviewer(author),
    ]);
    return { required, reviewers, mayReview: reviews, reviewed: required && !may(author, 'content.any') };
  }

  return {
    settings,

    /** The named reviewers must be the organisation's CREATORs (its admins review anyway). */
    async updateSettings(author: Author, body: ReviewSettingsBody): Promise<ReviewSettings> {
      const ids = [...new Set(body.reviewers)];
      const roles = new Map((await repo.rolesOf(author.tenantId, ids)).map((p) => [p.id, p.role]));
      for (const [index, id] of body.reviewers.entries()) {
        const role = roles.get(id);
        if (role === 'CREATOR') continue;
        throw new AppError('BodyParamsInvalid', {
          field: {
            name: `reviewers.${index}`,
            message: role === undefined ? 'validation.unknownPerson' : 'validation.reviewerNotCreator',
          },
        });
      }
      await transaction(async ({ repo: tx, audit }) => {
        await tx.setPolicy(author.tenantId, body.required, ids);
        await audit.record({
          event: 'review.settings_changed',
          tenantId: author.tenantId,
          userId: author.userId,
          details: { required: body.required, reviewers: ids, by: author.userId },
        });
      });
      return settings(author);
    },

    /** A reviewer's queue holds every item in review but their own; another CREATOR's, their own ones. */
    async queue(author: Author, query: ReviewQueueQuery): Promise<ReviewQueue> {
      const reviews = await reviewer(author);
      const now = clock.now();
      const { count, rows } = await repo.queue(author.tenantId, reviews ? undefined : author.userId, {
        limit: query.limit,
        offset: query.offset,
      });
      return {
        count,
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          type: row.type,
          creator: { id: row.creatorId, name: row.creatorName },
          submittedAt: row.submittedAt.toISOString(),
          publishAt: row.publishAt > now ? row.publishAt.toISOString() : null,
          mayReview: reviews && row.creatorId !== author.userId,
        })),
      };
    },

    /** 404 for another organisation's item, 403 for one the caller may not decide on, 409 when it is not in review. */
    async decide(author: Author, contentId: number, body: ReviewDecisionBody): Promise<StaffContent> {
      const { decision, comment } = body;
      const item = await itemOf(author, contentId);
      if (!(await reviewer(author)) || item.creator.id === author.userId) throw new AppError('Forbidden');
      const decided = await decide(author.tenantId, contentId, {
        approve: decision === 'approve',
        comment: comment || null,
        by: author.userId,
        at: clock.now(),
      });
      if (!decided) throw new AppError('NotInReview');
      void kickJobs();
      return itemOf(author, contentId);
    },

    async history(author: Author, contentId: number): Promise<ReviewStep[]> {
      await itemOf(author, contentId);
      const steps = await repo.history(author.tenantId, contentId);
      return steps.map((step) => ({
        id: step.id,
        action: step.action,
        by: step.userId === null || step.userName === null ? null : { id: step.userId, name: step.userName },
        comment: step.comment,
        at: step.at.toISOString(),
      }));
    },
  };
};
export type Review = ReturnType<typeof createReview>;
