import {
  ArchiveListSchema,
  CommentBodySchema,
  ContentDetailSchema,
  ContentIdBodySchema,
  ContentListSchema,
  DoneSchema,
  envelope,
  FilterOptionsSchema,
  FinishedQuerySchema,
  IdParamsSchema,
  ListQuerySchema,
  MaterialSchema,
  MediaSchema,
  QuestionListSchema,
} from '@kanal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentService } from './content.service.js';

const tags = ['content'];

/** The end-user content calls (spec point 7, Mobile). Every one needs a session. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    '/mobile/content/list/new',
    {
      config: { sessionInStatement: true },
      schema: { tags, querystring: ListQuerySchema, response: { 200: envelope(ContentListSchema) } },
    },
    async (req) => ({ payload: await req.admit(content.listNew(req.credentials, req.query)) }),
  );

  app.get(
    '/mobile/content/list/finished',
    {
      config: { idFilters: { creators: 'user' } },
      schema: { tags, querystring: FinishedQuerySchema, response: { 200: envelope(ArchiveListSchema) } },
    },
    async (req) => ({ payload: await content.listFinished(req.ctx, req.query) }),
  );

  app.get(
    '/mobile/content/list/new-with-attempts',
    { schema: { tags, response: { 200: envelope(ArchiveListSchema) } } },
    async (req) => ({ payload: await content.listNewWithAttempts(req.ctx) }),
  );

  app.get(
    '/mobile/content/list/filters',
    { schema: { tags, response: { 200: envelope(FilterOptionsSchema) } } },
    async (req) => ({ payload: await content.filterOptions(req.ctx, req.lang) }),
  );

  app.get(
    '/mobile/content/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(ContentDetailSchema) } } },
    async (req) => ({ payload: await content.getDetail(req.ctx, req.params.id) }),
  );

  app.get(
    '/mobile/content/:id/material',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(MaterialSchema) } } },
    async (req) => ({ payload: await content.getMaterial(req.ctx, req.params.id) }),
  );

  app.get(
    '/mobile/content/:id/questions',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(QuestionListSchema) } } },
    async (req) => ({ payload: await content.getQuestions(req.ctx, req.params.id) }),
  );

  app.get(
    '/mobile/media/info/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(MediaSchema) } } },
    async (req) => ({ payload: await content.getMedia(req.ctx, req.params.id) }),
  );

  app.post(
    '/mobile/content/mark-viewed',
    { schema: { tags, body: ContentIdBodySchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await content.markViewed(req.ctx, req.body) }),
  );

  app.post(
    '/mobile/content/mark-finished',
    { config: { errors: [409] }, schema: { tags, body: ContentIdBodySchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await content.markFinished(req.ctx, req.body) }),
  );

  app.post(
    '/mobile/content/info/comment',
    { schema: { tags, body: CommentBodySchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await content.comment(req.ctx, req.body) }),
  );
};
