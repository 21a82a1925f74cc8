import {
  ActivityPageSchema,
  ActivityQuerySchema,
  AdminGroupListSchema,
  AdminGroupSchema,
  AdminUserListSchema,
  AdminUserSchema,
  AudiencePeopleQuerySchema,
  AudiencePeopleSchema,
  CreatedUserSchema,
  CreateGroupBodySchema,
  CreateUserBodySchema,
  DeletedSchema,
  DoneSchema,
  envelope,
  GroupImportResultSchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupMembersQuerySchema,
  IdParamsSchema,
  IMPORT_MAX_BYTES,
  ImportCheckSchema,
  ImportResultSchema,
  PasswordResetBodySchema,
  PasswordResetsSchema,
  TenantScopeQuerySchema,
  UpdateGroupBodySchema,
  UpdateUserBodySchema,
  UserBulkBodySchema,
  UserBulkResultSchema,
  UserIdsBodySchema,
  UserListQuerySchema,
} from '@kanal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { EXPORT_TYPES, ExportQuerySchema, sendExport } from '../../lib/files/table-export.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import { acceptUploads, uploadedFiles } from '../../plugins/uploads.js';
import type { GroupsService } from './groups.service.js';
import type { Actor, PeopleService } from './people.service.js';
import { exportFileName } from './spreadsheets/people-export.js';
import { importTemplate } from './spreadsheets/people-import.js';

const XLSX = EXPORT_TYPES.xlsx;
const TEMPLATE_FILE = { hr: 'kanal-osobe-predlozak.xlsx', en: 'kanal-people-template.xlsx' } as const;

/** The one uploaded spreadsheet, whole (an import is bounded by IMPORT_MAX_BYTES); 400 without one. */
async function spreadsheetOf(req: FastifyRequest): Promise<Buffer> {
  for await (const file of uploadedFiles(req)) {
    const chunks: Buffer[] = [];
    for await (const chunk of file.content) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
  throw new AppError('BodyParamsInvalid', { field: { name: 'file', message: 'validation.required' } });
}

/** Taken e-mails, usernames and group names, one's own account, an author's deletion; an unknown `?tenant=`. */
const conflicts = { errors: [404, 409] } as const;
const unknownTenant = { errors: [404] } as const;

type Options = {
  people: PeopleService;
  groups: GroupsService;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** The admin side's people and groups (spec point 7, "User" and "Group"); who may call: src/access.ts. */
export const peopleRoutes: FastifyPluginAsyncZod<Options> = async (app, { people, groups, scoped }) => {
  const tags = ['people'];
  // Every route here takes `?tenant=` (its querystring schema has the scope), so the query has it parsed.
  const actor = async (req: FastifyRequest): Promise<Actor> => ({ ...(await scoped(req)), lang: req.lang });
  const querystring = TenantScopeQuerySchema;
  const user = { 200: envelope(AdminUserSchema) };
  const created = { 200: envelope(CreatedUserSchema) };
  const deleted = { 200: envelope(DeletedSchema) };

  app.get(
    '/user',
    {
      config: { ...unknownTenant, idFilters: { group: 'group', notInGroup: 'group' } },
      schema: { tags, querystring: UserListQuerySchema, response: { 200: envelope(AdminUserListSchema) } },
    },
    async (req) => ({ payload: await people.list(await actor(req), req.query) }),
  );
  app.get(
    '/audience/people',
    {
      config: { ...unknownTenant, idFilters: { group: 'group' } },
      schema: { tags, querystring: AudiencePeopleQuerySchema, response: { 200: envelope(AudiencePeopleSchema) } },
    },
    async (req) => ({ payload: await people.audience(await actor(req), req.query) }),
  );
  app.post(
    '/user',
    { config: conflicts, schema: { tags, querystring, body: CreateUserBodySchema, response: created } },
    async (req) => ({ payload: await people.create(await actor(req), req.body) }),
  );
  app.get('/user/:id', { schema: { tags, querystring, params: IdParamsSchema, response: user } }, async (req) => ({
    payload: await people.get(await actor(req), req.params.id),
  }));
  app.get(
    '/user/:id/activity',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: ActivityQuerySchema,
        response: { 200: envelope(ActivityPageSchema) },
      },
    },
    async (req) => ({ payload: await people.activity(await actor(req), req.params.id, req.query) }),
  );
  app.patch(
    '/user/:id',
    {
      config: conflicts,
      schema: { tags, querystring, params: IdParamsSchema, body: UpdateUserBodySchema, response: user },
    },
    async (req) => ({ payload: await people.update(await actor(req), req.params.id, req.body) }),
  );
  app.delete(
    '/user/:id',
    { config: conflicts, schema: { tags, querystring, params: IdParamsSchema, response: deleted } },
    async (req) => ({ payload: await people.delete(await actor(req), [req.params.id]) }),
  );
  app.post(
    '/user/delete-by-ids',
    { config: conflicts, schema: { tags, querystring, body: UserIdsBodySchema, response: deleted } },
    async (req) => ({ payload: await people.delete(await actor(req), req.body.ids) }),
  );
  app.post(
    '/user/reset-password',
    {
      schema: { tags, querystring, body: PasswordResetBodySchema, response: { 200: envelope(PasswordResetsSchema) } },
    },
    async (req) => ({ payload: await people.resetPasswords(await actor(req), req.body.ids, req.body.mode) }),
  );
  app.post(
    '/user/bulk',
    {
      config: conflicts,
      schema: { tags, querystring, body: UserBulkBodySchema, response: { 200: envelope(UserBulkResultSchema) } },
    },
    async (req) => ({ payload: await people.bulk(await actor(req), req.body) }),
  );
  app.post(
    '/admin/user/resend-welcome-emails/:id',
    { config: conflicts, schema: { tags, querystring, params: IdParamsSchema, response: created } },
    async (req) => ({ payload: await people.resendWelcome(await actor(req), req.params.id) }),
  );

  app.get('/export/template', { schema: { tags, produces: [XLSX] } }, async (req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${TEMPLATE_FILE[req.lang]}"`)
      .send(await importTemplate(req.lang)),
  );

  app.get(
    '/export/users',
    { config: unknownTenant, schema: { tags, querystring: ExportQuerySchema, produces: Object.values(EXPORT_TYPES) } },
    async (req, reply) =>
      sendExport(
        reply,
        req.query.format,
        exportFileName(req.lang, 'users'),
        people.exportPeople(await actor(req), req.query.format),
      ),
  );
  app.get(
    '/export/user/:id',
    { schema: { tags, params: IdParamsSchema, querystring: ExportQuerySchema, produces: Object.values(EXPORT_TYPES) } },
    async (req, reply) =>
      sendExport(
        reply,
        req.query.format,
        exportFileName(req.lang, 'user', req.params.id),
        await people.exportPerson(await actor(req), req.params.id, req.query.format),
      ),
  );

  // Multipart is parsed only in this scope, with an import's limits: one spreadsheet.
  await app.register(async (uploads) => {
    await acceptUploads(uploads, { fileSize: IMPORT_MAX_BYTES, files: 1 });
    const upload = { config: conflicts, schema: { tags, querystring, consumes: ['multipart/form-data'] } };
    uploads.post(
      '/import/template/check',
      { ...upload, schema: { ...upload.schema, response: { 200: envelope(ImportCheckSchema) } } },
      async (req) => ({ payload: await people.checkImport(await actor(req), await spreadsheetOf(req)) }),
    );
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/import/template/problems',
      {
        config: conflicts,
        schema: {
          tags,
          querystring: ExportQuerySchema,
          consumes: ['multipart/form-data'],
          produces: Object.values(EXPORT_TYPES),
        },
      },
      async (req, reply) =>
        sendExport(
          reply,
          req.query.format,
          exportFileName(req.lang, 'importProblems'),
          await people.importProblems(await actor(req), await spreadsheetOf(req), req.query.format),
        ),
    );
    uploads.post(
      '/group/import',
      { ...upload, schema: { ...upload.schema, response: { 200: envelope(GroupImportResultSchema) } } },
      async (req) => ({ payload: await groups.import(await actor(req), await spreadsheetOf(req)) }),
    );
    // The spec names the import twice: under "Other" and under "User".
    for (const url of ['/import/template', '/user/import']) {
      uploads.post(
        url,
        { ...upload, schema: { ...upload.schema, response: { 200: envelope(ImportResultSchema) } } },
        async (req) => ({ payload: await people.import(await actor(req), await spreadsheetOf(req)) }),
      );
    }
  });

  const group = { 200: envelope(AdminGroupSchema) };
  app.get(
    '/group',
    {
      config: unknownTenant,
      schema: { tags, querystring: GroupListQuerySchema, response: { 200: envelope(AdminGroupListSchema) } },
    },
    async (req) => ({ payload: await groups.list(await actor(req), req.query) }),
  );
  app.post(
    '/group',
    { config: conflicts, schema: { tags, querystring, body: CreateGroupBodySchema, response: group } },
    async (req) => ({ payload: await groups.create(await actor(req), req.body) }),
  );
  app.get(
    '/group/tenant',
    { config: unknownTenant, schema: { tags, querystring, response: { 200: envelope(GroupListSchema) } } },
    async (req) => ({ payload: await groups.all(await actor(req)) }),
  );
  app.get('/group/:id', { schema: { tags, querystring, params: IdParamsSchema, response: group } }, async (req) => ({
    payload: await groups.get(await actor(req), req.params.id),
  }));
  app.patch(
    '/group/:id',
    {
      config: conflicts,
      schema: { tags, querystring, params: IdParamsSchema, body: UpdateGroupBodySchema, response: group },
    },
    async (req) => ({ payload: await groups.update(await actor(req), req.params.id, req.body) }),
  );
  app.delete(
    '/group/:id',
    { schema: { tags, querystring, params: IdParamsSchema, response: { 200: envelope(DoneSchema) } } },
    async (req) => ({ payload: await groups.delete(await actor(req), req.params.id) }),
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
    async (req) => ({ payload: await groups.members(await actor(req), req.params.id, req.query) }),
  );
};
