import {
  CategoryListSchema,
  ContentBodySchema,
  DeletedSchema,
  envelope,
  IdParamsSchema,
  MediaFixSchema,
  NoticeQueuedSchema,
  SimpleContentSchema,
  StaffContentListSchema,
  StaffContentQuerySchema,
  StaffContentSchema,
  TenantScopeQuerySchema,
  UpdateContentBodySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScopedContext } from '../../plugins/request-context.js';
import type { Author, ContentStaff } from './authoring.service.js';

type Options = {
  staff: ContentStaff;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** Another tenant's ids and an unknown `?tenant=`; the edit lock, deleting what was published. */
const conflicts = { errors: [404, 409] } as const;
const unknownTenant = { errors: [404] } as const;

/**
 * The staff side of content (spec point 7, "Content"): authoring and maintenance. Who may call each: src/access.ts; a CREATOR's limits to their own items: authoring.service.ts.
 */
export const contentStaffRoutes: FastifyPluginAsyncZod<Options> = async (app, { staff, scoped }) => {
  const tags = ['content'];
  // Every route here takes `?tenant=` (its querystring schema has the scope), so the query has it parsed.
  const author = async (req: FastifyRequest): Promise<Author> => ({
    ...(await scoped(req)),
    lang: req.lang,
    ownTenantId: req.ctx.tenantId,
  });
  const querystring = TenantScopeQuerySchema;
  const params = IdParamsSchema;
  const item = { 200: envelope(StaffContentSchema) };
  const deleted = { 200: envelope(DeletedSchema) };

  app.get(
    '/content',
    {
      config: { ...unknownTenant, idFilters: { creator: 'user' } },
      schema: { tags, querystring: StaffContentQuerySchema, response: { 200: envelope(StaffContentListSchema) } },
    },
    async (req) => ({ payload: await staff.list(await author(req), req.query) }),
  );
  for (const path of ['/content', '/mobile/content'] as const) {
    app.post(
      path,
      { config: unknownTenant, schema: { tags, querystring, body: ContentBodySchema, response: item } },
      async (req) => ({ payload: await staff.create(await author(req), req.body) }),
    );
  }
  app.get(
    '/content/info/categories',
    { config: unknownTenant, schema: { tags, querystring, response: { 200: envelope(CategoryListSchema) } } },
    async (req) => ({ payload: await staff.categories(await author(req)) }),
  );
  app.get('/content/:id', { schema: { tags, querystring, params, response: item } }, async (req) => ({
    payload: await staff.get(await author(req), req.params.id),
  }));
  app.get(
    '/content/:id/simple',
    { schema: { tags, querystring, params, response: { 200: envelope(SimpleContentSchema) } } },
    async (req) => ({ payload: await staff.simple(await author(req), req.params.id) }),
  );
  app.patch(
    '/content/:id',
    { config: conflicts, schema: { tags, querystring, params, body: UpdateContentBodySchema, response: item } },
    async (req) => ({ payload: await staff.update(await author(req), req.params.id, req.body) }),
  );
  app.delete(
    '/content/:id',
    { config: conflicts, schema: { tags, querystring, params, response: deleted } },
    async (req) => ({ payload: await staff.remove(await author(req), req.params.id) }),
  );
  app.post('/content/:id/copy', { schema: { tags, querystring, params, response: item } }, async (req) => ({
    payload: await staff.copy(await author(req), req.params.id),
  }));
  app.post('/content/:id/archive', { schema: { tags, querystring, params, response: item } }, async (req) => ({
    payload: await staff.archive(await author(req), req.params.id),
  }));
  app.post(
    '/content/:id/notify',
    {
      // 429: the item's audience was notified less than an hour ago.
      config: { errors: [404, 409, 429] },
      schema: { tags, querystring, params, response: { 200: envelope(NoticeQueuedSchema) } },
    },
    async (req) => ({ payload: await staff.notify(await author(req), req.params.id) }),
  );

  // Maintenance over every tenant (SUPERADMIN), idempotent; fix-points is the forms module's.
  app.post(
    '/content/info/fix-media',
    { schema: { tags, response: { 200: envelope(MediaFixSchema) } } },
    async (req) => ({
      payload: await staff.fixMedia(req.ctx),
    }),
  );
};
