import {
  AdminGroupListSchema,
  AdminGroupSchema,
  AdminUserListSchema,
  AdminUserSchema,
  CreatedUserSchema,
  CreateGroupBodySchema,
  CreateUserBodySchema,
  DeletedSchema,
  DoneSchema,
  envelope,
  GroupListQuerySchema,
  GroupListSchema,
  GroupMembersQuerySchema,
  IdParamsSchema,
  PasswordResetsSchema,
  UpdateGroupBodySchema,
  UpdateUserBodySchema,
  UserIdsBodySchema,
  UserListQuerySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GroupsService } from './groups.service.js';
import type { Actor, PeopleService } from './people.service.js';

const actor = (req: FastifyRequest): Actor => ({ ...req.ctx, lang: req.lang });
/** Taken e-mails, usernames and group names, one's own account, an author's deletion. */
const conflicts = { errors: [409] } as const;

/** The admin side's people and groups (spec point 7, "User" and "Group"); who may call: src/access.ts. */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService; groups: GroupsService }> = async (
  app,
  { people, groups },
) => {
  const tags = ['people'];
  const user = { 200: envelope(AdminUserSchema) };
  const created = { 200: envelope(CreatedUserSchema) };
  const deleted = { 200: envelope(DeletedSchema) };

  app.get(
    '/user',
    { schema: { tags, querystring: UserListQuerySchema, response: { 200: envelope(AdminUserListSchema) } } },
    async (req) => ({ payload: await people.list(actor(req), req.query) }),
  );
  app.post(
    '/user',
    { config: conflicts, schema: { tags, body: CreateUserBodySchema, response: created } },
    async (req) => ({ payload: await people.create(actor(req), req.body) }),
  );
  app.get('/user/:id', { schema: { tags, params: IdParamsSchema, response: user } }, async (req) => ({
    payload: await people.get(actor(req), req.params.id),
  }));
  app.patch(
    '/user/:id',
    { config: conflicts, schema: { tags, params: IdParamsSchema, body: UpdateUserBodySchema, response: user } },
    async (req) => ({ payload: await people.update(actor(req), req.params.id, req.body) }),
  );
  app.delete(
    '/user/:id',
    { config: conflicts, schema: { tags, params: IdParamsSchema, response: deleted } },
    async (req) => ({ payload: await people.delete(actor(req), [req.params.id]) }),
  );
  app.post(
    '/user/delete-by-ids',
    { config: conflicts, schema: { tags, body: UserIdsBodySchema, response: deleted } },
    async (req) => ({ payload: await people.delete(actor(req), req.body.ids) }),
  );
  app.post(
    '/user/reset-password',
    { schema: { tags, body: UserIdsBodySchema, response: { 200: envelope(PasswordResetsSchema) } } },
    async (req) => ({ payload: await people.resetPasswords(actor(req), req.body.ids) }),
  );
  app.post(
    '/admin/user/resend-welcome-emails/:id',
    { config: conflicts, schema: { tags, params: IdParamsSchema, response: created } },
    async (req) => ({ payload: await people.resendWelcome(actor(req), req.params.id) }),
  );

  const group = { 200: envelope(AdminGroupSchema) };
  app.get(
    '/group',
    { schema: { tags, querystring: GroupListQuerySchema, response: { 200: envelope(AdminGroupListSchema) } } },
    async (req) => ({ payload: await groups.list(actor(req), req.query) }),
  );
  app.post(
    '/group',
    { config: conflicts, schema: { tags, body: CreateGroupBodySchema, response: group } },
    async (req) => ({ payload: await groups.create(actor(req), req.body) }),
  );
  app.get('/group/tenant', { schema: { tags, response: { 200: envelope(GroupListSchema) } } }, async (req) => ({
    payload: await groups.all(actor(req)),
  }));
  app.get('/group/:id', { schema: { tags, params: IdParamsSchema, response: group } }, async (req) => ({
    payload: await groups.get(actor(req), req.params.id),
  }));
  app.patch(
    '/group/:id',
    { config: conflicts, schema: { tags, params: IdParamsSchema, body: UpdateGroupBodySchema, response: group } },
    async (req) => ({ payload: await groups.update(actor(req), req.params.id, req.body) }),
  );
  app.delete(
    '/group/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await groups.delete(actor(req), req.params.id) }),
  );
  app.get(
    '/group/:id/users',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: GroupMembersQuerySchema,
        response: { 200: envelope(AdminUserListSchema) },
      },
    },
    async (req) => ({ payload: await groups.members(actor(req), req.params.id, req.query) }),
  );
};
