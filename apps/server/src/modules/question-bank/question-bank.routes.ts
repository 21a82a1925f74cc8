import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import { type ScopedContext, staffCallerOf } from '../../plugins/request-context.js';
import type { QuestionBank } from './question-bank.service.js';

type Options = {
  bank: QuestionBank;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** The question bank. Who may call each: the contract's operations; who changes a question: the service. */
export const questionBankRoutes: FastifyPluginAsync<Options> = async (app, { bank, scoped }) => {
  const caller = staffCallerOf(scoped);
  route(app, api.listBankQuestions, async (req) => ({ payload: await bank.page(await caller(req), req.query) }));
  route(app, api.listBankCategories, async (req) => ({ payload: await bank.categories(await caller(req)) }));
  route(app, api.createBankQuestion, async (req) => ({ payload: await bank.create(await caller(req), req.body) }));
  route(app, api.updateBankQuestion, async (req) => ({
    payload: await bank.update(await caller(req), req.params.id, req.body),
  }));
  route(app, api.deleteBankQuestion, async (req) => ({
    payload: await bank.delete(await caller(req), req.params.id),
  }));
};
