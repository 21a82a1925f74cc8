import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { FormsStaff } from './forms-staff.js';

type Options = {
  answers: FormsStaff;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** Spec point 7, "User answers", and the points maintenance; who may call each: the contract's operations. */
export const formsStaffRoutes: FastifyPluginAsync<Options> = async (app, { answers, scoped }) => {
  route(app, api.listUserAnswers, async (req) => ({ payload: await answers.list(await scoped(req), req.query) }));
  route(app, api.getUserAnswer, async (req) => ({ payload: await answers.get(await scoped(req), req.params.id) }));
  route(app, api.deleteUserAnswer, async (req) => ({
    payload: await answers.remove(await scoped(req), req.params.id),
  }));
  // Over every tenant (SUPERADMIN), idempotent.
  route(app, api.fixPoints, async (req) => ({ payload: await answers.fixPoints(req.ctx) }));
};
