import { IdParamsSchema } from '../../envelope.js';
import {
  AnswerCheckSchema,
  AttemptListSchema,
  AttemptPageSchema,
  AttemptsQuerySchema,
  CheckAnswerBodySchema,
  PollResultsSchema,
  QuestionParamsSchema,
  SubmissionHeadersSchema,
  SubmissionResultSchema,
  SubmitAnswersBodySchema,
} from '../../forms.js';
import type { Operation } from '../operation.js';

// Answering quizzes, polls and inquiries; attempts and poll results (spec points 3, 4 and 7).
const tags = ['forms'];

/**
 * A form's answers, scored and stored (a `sessionInStatement` route); a retry with the same
 * Idempotency-Key stores one attempt and answers as the first did.
 */
export const submitAnswers = {
  method: 'POST',
  path: '/mobile/content/:id/form/attempt',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  headers: SubmissionHeadersSchema,
  body: SubmitAnswersBodySchema,
  response: SubmissionResultSchema,
  errors: ['NotAForm', 'AlreadySubmitted', 'IdempotencyKeyReused'],
} as const satisfies Operation;

/** Whether an answer to a graded question of an unfinished education is right. */
export const checkAnswer = {
  method: 'POST',
  path: '/mobile/content/:id/questions/:questionId/check',
  access: 'signedIn',
  tags,
  params: QuestionParamsSchema,
  body: CheckAnswerBodySchema,
  response: AnswerCheckSchema,
  errors: ['NotGraded', 'AlreadySubmitted'],
} as const satisfies Operation;

/** The caller's attempts at one item, newest first. */
export const listItemAttempts = {
  method: 'GET',
  path: '/mobile/content/:id/form/attempts',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: AttemptListSchema,
} as const satisfies Operation;

/** The caller's attempts across items, newest first, a page at a time. */
export const listMyAttempts = {
  method: 'GET',
  path: '/mobile/content/form/attempts',
  access: 'signedIn',
  tags,
  query: AttemptsQuerySchema,
  response: AttemptPageSchema,
  idFilters: { contentIds: 'content' },
} as const satisfies Operation;

/** A poll's answers counted over everyone, for those who took it. */
export const getPollResults = {
  method: 'GET',
  path: '/mobile/content/:id/poll/results',
  access: 'signedIn',
  tags,
  params: IdParamsSchema,
  response: PollResultsSchema,
  errors: ['NotAForm', 'SubmissionRequired'],
} as const satisfies Operation;
