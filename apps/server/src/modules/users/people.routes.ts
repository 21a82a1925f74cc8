import { api, EXPORT_TYPES, IMPORT_MAX_BYTES } from '@kanal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { sendExport } from '../../lib/files/table-export.js';
import { route } from '../../plugins/operations.js';
import type { ScopedContext } from '../../plugins/request-context.js';
import { acceptUploads, uploadedFiles } from '../../plugins/uploads.js';
import type { GroupsService } from './groups.service.js';
import type { Actor, PeopleService } from './people.service.js';
import { exportFileName } from './spreadsheets/people-export.js';
import { importTemplate } from './spreadsheets/people-import.js';

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

type Options = {
  people: PeopleService;
  groups: GroupsService;
  /** The organisation a call works in: the caller's, or the one a SUPERADMIN names with `?tenant=`. */
  scoped: ScopedContext;
};

/** The admin side's people and groups (spec point 7, "User" and "Group"); who may call: the contract's operations. */
export const peopleRoutes: FastifyPluginAsync<Options> = async (app, { people, groups, scoped }) => {
  // Every route here but the template takes `?tenant=` (its query schema has the scope), so the query has it parsed.
  const actor = async (req: FastifyRequest): Promise<Actor> => ({ ...(await scoped(req)), lang: req.lang });

  route(app, api.listUsers, async (req) => ({ payload: await people.list(await actor(req), req.query) }));
  // The same values for whoever writes an audience's rules (a CREATOR too): the editor's suggestions.
  for (const operation of [api.userAttributes, api.audienceAttributes]) {
    route(app, operation, async (req) => ({ payload: await people.attributeValues(await actor(req)) }));
  }
  route(app, api.searchAudience, async (req) => ({ payload: await people.audience(await actor(req), req.query) }));
  route(app, api.createUser, async (req) => ({ payload: await people.create(await actor(req), req.body) }));
  route(app, api.getUser, async (req) => ({ payload: await people.get(await actor(req), req.params.id) }));
  route(app, api.userActivity, async (req) => ({
    payload: await people.activity(await actor(req), req.params.id, req.query),
  }));
  route(app, api.updateUser, async (req) => ({
    payload: await people.update(await actor(req), req.params.id, req.body),
  }));
  route(app, api.deleteUser, async (req) => ({ payload: await people.delete(await actor(req), [req.params.id]) }));
  route(app, api.deleteUsers, async (req) => ({ payload: await people.delete(await actor(req), req.body.ids) }));
  route(app, api.resetPasswords, async (req) => ({
    payload: await people.resetPasswords(await actor(req), req.body.ids, req.body.mode),
  }));
  route(app, api.bulkUsers, async (req) => ({ payload: await people.bulk(await actor(req), req.body) }));
  route(app, api.resendWelcome, async (req) => ({
    payload: await people.resendWelcome(await actor(req), req.params.id),
  }));

  route(app, api.importTemplate, async (req, reply) =>
    reply
      .type(EXPORT_TYPES.xlsx)
      .header('content-disposition', `attachment; filename="${TEMPLATE_FILE[req.lang]}"`)
      .send(await importTemplate(req.lang)),
  );
  route(app, api.exportUsers, async (req, reply) =>
    sendExport(
      reply,
      req.query.format,
      exportFileName(req.lang, 'users'),
      people.exportPeople(await actor(req), req.query.format),
    ),
  );
  route(app, api.exportUser, async (req, reply) =>
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
    route(uploads, api.checkImport, async (req) => ({
      payload: await people.checkImport(await actor(req), await spreadsheetOf(req)),
    }));
    route(uploads, api.importProblems, async (req, reply) =>
      sendExport(
        reply,
        req.query.format,
        exportFileName(req.lang, 'importProblems'),
        await people.importProblems(await actor(req), await spreadsheetOf(req), req.query.format),
      ),
    );
    route(uploads, api.importGroups, async (req) => ({
      payload: await groups.import(await actor(req), await spreadsheetOf(req)),
    }));
    // The spec names the import twice: under "Other" and under "User".
    for (const operation of [api.importPeople, api.importUsers]) {
      route(uploads, operation, async (req) => ({
        payload: await people.import(await actor(req), await spreadsheetOf(req)),
      }));
    }
  });

  route(app, api.listGroups, async (req) => ({ payload: await groups.list(await actor(req), req.query) }));
  route(app, api.createGroup, async (req) => ({ payload: await groups.create(await actor(req), req.body) }));
  route(app, api.allGroups, async (req) => ({ payload: await groups.all(await actor(req)) }));
  route(app, api.getGroup, async (req) => ({ payload: await groups.get(await actor(req), req.params.id) }));
  route(app, api.updateGroup, async (req) => ({
    payload: await groups.update(await actor(req), req.params.id, req.body),
  }));
  route(app, api.deleteGroup, async (req) => ({ payload: await groups.delete(await actor(req), req.params.id) }));
  route(app, api.listGroupMembers, async (req) => ({
    payload: await groups.members(await actor(req), req.params.id, req.query),
  }));
};
