import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/operations.js';
import { type ScopedContext, staffCallerOf } from '../../plugins/request-context.js';
import type { ContentStaff } from './authoring.service.js';

/**
 * A whole item in one body: its formatted text alone may be 20,000 characters of words in up to 10,000
 * nodes (about 600 KB of the editor's JSON at the most), beside 100 questions and 5,000 people.
 */
const ITEM_BODY_LIMIT = 1024 * 1024;

type Options = {
  staff: ContentStaff;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/**
 * The staff side of content (spec point 7, "Content"): authoring and maintenance. Who may call each: the
 * contract's operations; a CREATOR's limits to their own items: authoring.service.ts.
 */
export const contentStaffRoutes: FastifyPluginAsync<Options> = async (app, { staff, scoped }) => {
  const author = staffCallerOf(scoped);

  route(app, api.listContent, async (req) => ({ payload: await staff.list(await author(req), req.query) }));
  for (const operation of [api.createContent, api.createContentMobile]) {
    route(app, operation, { bodyLimit: ITEM_BODY_LIMIT }, async (req) => ({
      payload: await staff.create(await author(req), req.body),
    }));
  }
  route(app, api.listCategories, async (req) => ({ payload: await staff.categories(await author(req)) }));
  route(app, api.getContent, async (req) => ({
    payload: await staff.get(await author(req), req.params.id),
  }));
  route(app, api.getSimpleContent, async (req) => ({ payload: await staff.simple(await author(req), req.params.id) }));
  route(app, api.updateContent, { bodyLimit: ITEM_BODY_LIMIT }, async (req) => ({
    payload: await staff.update(await author(req), req.params.id, req.body),
  }));
  route(app, api.deleteContent, async (req) => ({ payload: await staff.remove(await author(req), req.params.id) }));
  route(app, api.copyContent, async (req) => ({
    payload: await staff.copy(await author(req), req.params.id),
  }));
  route(app, api.archiveContent, async (req) => ({
    payload: await staff.archive(await author(req), req.params.id),
  }));
  route(app, api.notifyAudience, async (req) => ({ payload: await staff.notify(await author(req), req.params.id) }));
  route(app, api.audienceReach, async (req) => ({ payload: await staff.reach(await author(req), req.body) }));

  // Maintenance over every tenant (SUPERADMIN), idempotent; fix-points is the forms module's.
  route(app, api.fixMedia, async (req) => ({
    payload: await staff.fixMedia(req.ctx),
  }));
};
