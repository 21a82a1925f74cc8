import { DoneSchema } from '../../auth.js';
import {
  CommentBodySchema,
  ContentDetailSchema,
  ContentIdBodySchema,
  ContentListSchema,
  ListQuerySchema,
  MaterialSchema,
  MediaSchema,
} from '../../content.js';
import { IdParamsSchema } from '../../envelope.js';
import { ArchiveListSchema, FilterOptionsSchema, FinishedQuerySchema, QuestionListSchema } from '../../forms.js';
import type { Operation } from '../operation.js';

// The end-user content calls (spec point 7, Mobile): the home feed, the archive, an item and its
// material, marking it viewed or finished, commenting on it. Every one needs a session.
const tags = ['content'];

/** Home: the caller's unfinished items, tasks first, then newest (a `sessionInStatement` route). */
export const listNewItems = {
  method: 'GET',
  path: '/mobile/content/list/new',
  access: 'signedIn',
  tags,
  query: ListQuerySchema,
  response: ContentListSchema,
} as const satisfies Operation;

/** The archive: finished items, latest first, filtered, a page at a time. */
export const listFinishedItems = {
  method: 'GET',
  path: '/mobile/content/list/finished',
  access: 'signedIn',
  tags,
  query: FinishedQuerySchema,
  response: ArchiveListSchema,
  idFilters: { creators: 'user' },
} as const satisfies Operation;

/** The archive's unfinished items the caller has attempted. */
export const listAttemptedItems = {
  method: 'GET',
  path: '/mobile/content/list/new-with-attempts',
  access: 'signedIn',
  tags,
  response: ArchiveListSchema,
} as const satisfies Operation;

/** The archive's filter choices. */
export const listArchiveFilters = {
  method: 'GET',
  path: '/mobile/content/list/filters',
  access: 'signedIn',
  tags,
  response: FilterOptionsSchema,
} as const satisfies Operation;

/** An item as its reader sees it; reading it marks it viewed. */
export const getItem = {
  method: 'GET',
  path: '/mobile/content/:id',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: ContentDetailSchema,
} as const satisfies Operation;

export const getItemMaterial = {
  method: 'GET',
  path: '/mobile/content/:id/material',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: MaterialSchema,
} as const satisfies Operation;

/** An item's questions, without the answer key. */
export const getItemQuestions = {
  method: 'GET',
  path: '/mobile/content/:id/questions',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: QuestionListSchema,
} as const satisfies Operation;

export const getMedia = {
  method: 'GET',
  path: '/mobile/media/info/:id',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: MediaSchema,
} as const satisfies Operation;

export const markItemViewed = {
  method: 'POST',
  path: '/mobile/content/mark-viewed',
  access: 'signedIn',
  tags,
  body: ContentIdBodySchema,
  response: DoneSchema,
} as const satisfies Operation;

/** An item with a form is finished by its submission: a plain mark before it is refused. */
export const markItemFinished = {
  method: 'POST',
  path: '/mobile/content/mark-finished',
  access: 'signedIn',
  tags,
  body: ContentIdBodySchema,
  response: DoneSchema,
  errors: ['SubmissionRequired'],
} as const satisfies Operation;

/** Comments only where the item's settings allow them. */
export const commentOnItem = {
  method: 'POST',
  path: '/mobile/content/info/comment',
  access: 'signedIn',
  tags,
  body: CommentBodySchema,
  response: DoneSchema,
  errors: ['CommentsDisabled'],
} as const satisfies Operation;
