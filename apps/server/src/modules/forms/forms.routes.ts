import {
  AnswerCheckSchema,
  AttemptListSchema,
  AttemptPageSchema,
  AttemptsQuerySchema,
  CheckAnswerBodySchema,
  envelope,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  IdParamsSchema,
  PollResultsSchema,
  QuestionParamsSchema,
  SubmissionResultSchema,
  SubmitAnswersBodySchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { FormsService } from './forms.service.js';

const tags = ['forms'];

/** A malformed key answers 400 naming the header; a missing one means the submission is not retried. */
const SubmissionHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.optional(IdempotencyKeySchema) });

/** Answering quizzes, polls and inquiries; attempts and poll results (spec points 3, 4 and 7). */
export const formsRoutes: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  app.post(
    '/mobile/content/:id/form/attempt',
    {
      config: { sessionInStatement: true, errors: [409, 422] },
      schema: {
        tags,
        params: IdParamsSchema,
        headers: SubmissionHeadersSchema,
        body: SubmitAnswersBodySchema,
        response: { 200: envelope(SubmissionResultSchema) },
      },
    },
    async (req) => ({
      payload: await req.admit(
        forms.submit(req.credentials, req.params.id, req.body, req.headers[IDEMPOTENCY_KEY_HEADER]),
      ),
    }),
  );

  app.post(
    '/mobile/content/:id/questions/:questionId/check',
    {
      config: { errors: [409] },
      schema: {
        tags,
        params: QuestionParamsSchema,
        body: CheckAnswerBodySchema,
        response: { 200: envelope(AnswerCheckSchema) },
      },
    },
    async (req) => ({ payload: await forms.check(req.ctx, req.params.id, req.params.questionId, req.body) }),
  );

  app.get(
    '/mobile/content/:id/form/attempts',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(AttemptListSchema) } } },
    async (req) => ({ payload: await forms.listForItem(req.ctx, req.params.id) }),
  );

  app.get(
    '/mobile/content/form/attempts',
    {
      config: { idFilters: { contentIds: 'content' } },
      schema: { tags, querystring: AttemptsQuerySchema, response: { 200: envelope(AttemptPageSchema) } },
    },
    async (req) => ({ payload: await forms.list(req.ctx, req.query) }),
  );

  app.get(
    '/mobile/content/:id/poll/results',
    {
      config: { errors: [409] },
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(PollResultsSchema) } },
    },
    async (req) => ({ payload: await forms.pollResults(req.ctx, req.params.id) }),
  );
};
