import * as z from 'zod/mini';
import { CONTENT_PAGE_SIZE } from './authoring.js';
import { IsoDateTimeSchema } from './content.js';
import { ContentTypeSchema } from './enums.js';
import { IdSchema, pageQuery } from './envelope.js';
import { tenantScope } from './people.js';

// Review before publishing (issue 34, ADR 0065): an organisation may have its CREATORs' items approved
// before they are out. Its admins, and the CREATORs they name, approve them or send them back.

const PersonRefSchema = z.object({ id: z.int(), name: z.string() });

/** How many CREATORs an organisation names as reviewers, at most. */
export const REVIEWERS_MAX = 50;
/** What a reviewer writes to the author. */
export const REVIEW_COMMENT_MAX_LENGTH = 1000;

/** GET /review/settings: whether the organisation reviews, who reviews besides its admins, and the caller. */
export const ReviewSettingsSchema = z.object({
  required: z.boolean(),
  reviewers: z.array(PersonRefSchema),
  /** Whether the caller approves or sends back others' items in review. */
  mayReview: z.boolean(),
  /** Whether the caller's own items go to review before they are out. */
  reviewed: z.boolean(),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/** PUT /review/settings: the organisation's choice and its named reviewers (CREATORs), as a whole. */
export const ReviewSettingsBodySchema = z.object({
  required: z.boolean({ error: 'validation.required' }),
  /** Named once each: a repeated id counts once. */
  reviewers: z.array(IdSchema).check(z.maxLength(REVIEWERS_MAX, { error: 'validation.tooMany' })),
});
export type ReviewSettingsBody = z.infer<typeof ReviewSettingsBodySchema>;

export const REVIEW_DECISIONS = ['approve', 'return'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * POST /content/{id}/review: the reviewer's decision. An approved item is out at the time its author asked
 * for (now, when that time has passed); a returned one is a draft again, with the comment saying why.
 */
export const ReviewDecisionBodySchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: 'validation.required' }),
    comment: z._default(
      z.string().check(z.trim(), z.maxLength(REVIEW_COMMENT_MAX_LENGTH, { error: 'validation.tooLong' })),
      '',
    ),
  })
  .check(
    z.refine((body) => body.decision === 'approve' || body.comment !== '', {
      error: 'validation.reviewCommentEmpty',
      path: ['comment'],
    }),
  );
export type ReviewDecisionBody = z.infer<typeof ReviewDecisionBodySchema>;

export const REVIEW_ACTIONS = ['submitted', 'approved', 'returned'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** A step of an item's review: sent for review, approved or returned, by whom, when, with what comment. */
export const ReviewStepSchema = z.object({
  id: z.int(),
  action: z.enum(REVIEW_ACTIONS),
  /** Null when the person's account has been deleted since. */
  by: z.nullable(PersonRefSchema),
  comment: z.nullable(z.string()),
  at: IsoDateTimeSchema,
});
export type ReviewStep = z.infer<typeof ReviewStepSchema>;

/** GET /content/{id}/reviews: an item's review history, newest first. */
export const ReviewHistorySchema = z.array(ReviewStepSchema);

/** GET /reviews: the items in review, the longest waiting first. */
export const ReviewQueueQuerySchema = z.object({ ...pageQuery(CONTENT_PAGE_SIZE), ...tenantScope });
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;

export const ReviewQueueRowSchema = z.object({
  id: z.int(),
  name: z.string(),
  type: ContentTypeSchema,
  creator: PersonRefSchema,
  /** When its author sent it (the last time). */
  submittedAt: IsoDateTimeSchema,
  /** When its author wants it out: a time still to come, or null for as soon as it is approved. */
  publishAt: z.nullable(IsoDateTimeSchema),
  /** Whether the caller may approve it or send it back. */
  mayReview: z.boolean(),
});
export type ReviewQueueRow = z.infer<typeof ReviewQueueRowSchema>;
export const ReviewQueueSchema = z.object({ count: z.int(), items: z.array(ReviewQueueRowSchema) });
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;
