import { api, IDEMPOTENCY_KEY_HEADER } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { FormsService } from './forms.service.js';

/** Answering quizzes, polls and inquiries; attempts and poll results (spec points 3, 4 and 7). */
export const formsRoutes: FastifyPluginAsync<{ forms: FormsService }> = async (app, { forms }) => {
  route(app, api.submitAnswers, { sessionInStatement: true }, async (req) => ({
    payload: await req.admit(
      forms.submit(req.credentials, req.params.id, req.body, req.headers[IDEMPOTENCY_KEY_HEADER]),
    ),
  }));
  route(app, api.getItemQuestions, async (req) => ({ payload: await forms.questions(req.ctx, req.params.id) }));
  route(app, api.checkAnswer, async (req) => ({
    payload: await forms.check(req.ctx, req.params.id, req.params.questionId, req.body),
  }));
  route(app, api.listItemAttempts, async (req) => ({ payload: await forms.listForItem(req.ctx, req.params.id) }));
  route(app, api.listMyAttempts, async (req) => ({ payload: await forms.list(req.ctx, req.query) }));
  route(app, api.getPollResults, async (req) => ({ payload: await forms.pollResults(req.ctx, req.params.id) }));
};
