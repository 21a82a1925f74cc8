import type { ContentStatus } from '@kanal/contract';
import { type Repos, syncAndPlan } from './authoring-parts.js';
import { tellOne } from './authoring-schedule.js';

/** An item sent for review: by its author, at a time, to the organisation's reviewers (the review module's list). */
export type Submission = { by: number; reviewers: number[]; at: Date };

/** A reviewer's decision on an item in review. */
export type Decision = { approve: boolean; comment: string | null; by: number; at: Date };

/**
 * An item has gone into review (the caller wrote its status): its step in the history, its audit entry,
 * and each reviewer but its author told that it awaits them.
 */
export async function recordSubmission(repos: Repos, tenantId: number, contentId: number, submission: Submission) {
  const { by, reviewers, at } = submission;
  await repos.repo.insertReviewStep({ tenantId, contentId, action: 'submitted', userId: by, createdAt: at });
  await repos.audit.record({ event: 'content.submitted', tenantId, userId: by, details: { contentId, by } });
  for (const to of reviewers.filter((id) => id !== by)) {
    await tellOne(repos.repo, repos.jobs, { tenantId, contentId, kind: 'review', to, by, at });
  }
}

/**
 * Approves an item in review (it is out at the time its author asked for, or now when that has passed)
 * or sends it back as a draft; its step, its audit entry and its author told. False when it is not in
 * review (any more): the item's lock makes two reviewers at once decide in turn, and the second finds it decided.
 */
export async function decideReview(
  repos: Repos,
  tenantId: number,
  contentId: number,
  { approve, comment, by, at }: Decision,
): Promise<boolean> {
  const item = await repos.repo.lockItem(tenantId, contentId);
  if (item?.status !== 'review') return false;
  const status: ContentStatus = !approve ? 'draft' : item.publishAt > at ? 'scheduled' : 'published';
  await repos.repo.updateContent(tenantId, contentId, { status, ...(status === 'published' ? { publishAt: at } : {}) });
  await syncAndPlan(repos, tenantId, contentId);
  const action = approve ? 'approved' : 'returned';
  await repos.repo.insertReviewStep({ tenantId, contentId, action, userId: by, comment, createdAt: at });
  await repos.audit.record({ event: `content.${action}`, tenantId, userId: by, details: { contentId, by } });
  await tellOne(repos.repo, repos.jobs, { tenantId, contentId, kind: action, to: item.creatorId, by, at });
  return true;
}
