import { DoneSchema } from '../../auth.js';
import { GroupListSchema } from '../../content.js';
import { IdParamsSchema } from '../../envelope.js';
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
  EXPORT_TYPES,
  ExportQuerySchema,
  GroupImportResultSchema,
  GroupListQuerySchema,
  GroupMembersQuerySchema,
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
} from '../../people.js';
import { PersonAttributeValuesSchema } from '../../person-attributes.js';
import type { Operation } from '../operation.js';

// The admin side's people and groups (spec point 7, "User" and "Group"). Every call but the template
// works in the caller's organisation, or in the one a SUPERADMIN names with `?tenant=` (an unknown one
// answers 404).
const tags = ['people'];
const scope = TenantScopeQuerySchema;
/** An import's body: one spreadsheet (at most IMPORT_MAX_BYTES). */
const upload = ['multipart/form-data'] as const;
/** An export's answer: a spreadsheet in the format asked for. */
const exportTypes = [EXPORT_TYPES.xlsx, EXPORT_TYPES.csv];

// People.

export const listUsers = {
  method: 'GET',
  path: '/user',
  access: 'people.read',
  tags,
  query: UserListQuerySchema,
  response: AdminUserListSchema,
  idFilters: { group: 'group', notInGroup: 'group', manager: 'user' },
} as const satisfies Operation;

/** The departments, locations and job titles in use, each with how many people have it: the list's filters. */
export const userAttributes = {
  method: 'GET',
  path: '/user/attributes',
  access: 'people.read',
  tags,
  query: scope,
  response: PersonAttributeValuesSchema,
} as const satisfies Operation;

/** The values of the attributes in use, as GET /user/attributes, for whoever writes an audience's rules. */
export const audienceAttributes = {
  ...userAttributes,
  path: '/audience/attributes',
  access: 'audience.pick',
} as const satisfies Operation;

/** The editor's audience picker: names and groups only, for everyone who writes or reads content. */
export const searchAudience = {
  method: 'GET',
  path: '/audience/people',
  access: 'audience.pick',
  tags,
  query: AudiencePeopleQuerySchema,
  response: AudiencePeopleSchema,
  idFilters: { group: 'group' },
} as const satisfies Operation;

export const createUser = {
  method: 'POST',
  path: '/user',
  access: 'people.write',
  tags,
  query: scope,
  body: CreateUserBodySchema,
  response: CreatedUserSchema,
  errors: ['EmailTaken', 'UsernameTaken'],
} as const satisfies Operation;

export const getUser = {
  method: 'GET',
  path: '/user/:id',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: scope,
  response: AdminUserSchema,
} as const satisfies Operation;

export const userActivity = {
  method: 'GET',
  path: '/user/:id/activity',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: ActivityQuerySchema,
  response: ActivityPageSchema,
} as const satisfies Operation;

/** Nobody changes their own role or deactivates themselves (OwnAccount). */
export const updateUser = {
  method: 'PATCH',
  path: '/user/:id',
  access: 'people.write',
  tags,
  params: IdParamsSchema,
  query: scope,
  body: UpdateUserBodySchema,
  response: AdminUserSchema,
  errors: ['OwnAccount', 'EmailTaken', 'UsernameTaken'],
} as const satisfies Operation;

/** Not oneself (OwnAccount), nor an author of content (UserOwnsContent). */
export const deleteUser = {
  method: 'DELETE',
  path: '/user/:id',
  access: 'people.write',
  tags,
  params: IdParamsSchema,
  query: scope,
  response: DeletedSchema,
  errors: ['OwnAccount', 'UserOwnsContent'],
} as const satisfies Operation;

export const deleteUsers = {
  method: 'POST',
  path: '/user/delete-by-ids',
  access: 'people.write',
  tags,
  query: scope,
  body: UserIdsBodySchema,
  response: DeletedSchema,
  errors: ['OwnAccount', 'UserOwnsContent'],
} as const satisfies Operation;

export const resetPasswords = {
  method: 'POST',
  path: '/user/reset-password',
  access: 'people.write',
  tags,
  query: scope,
  body: PasswordResetBodySchema,
  response: PasswordResetsSchema,
} as const satisfies Operation;

/** Reactivate, welcome again or take out of a group everyone the list's filter matches. */
export const bulkUsers = {
  method: 'POST',
  path: '/user/bulk',
  access: 'people.write',
  tags,
  query: scope,
  body: UserBulkBodySchema,
  response: UserBulkResultSchema,
} as const satisfies Operation;

/** Only for someone who has not set up yet (AlreadySetUp). */
export const resendWelcome = {
  method: 'POST',
  path: '/admin/user/resend-welcome-emails/:id',
  access: 'people.write',
  tags,
  params: IdParamsSchema,
  query: scope,
  response: CreatedUserSchema,
  errors: ['AlreadySetUp'],
} as const satisfies Operation;

// People in and out of spreadsheets (spec "Other").

/** The import template, in the caller's language (the same for every organisation). */
export const importTemplate = {
  method: 'GET',
  path: '/export/template',
  access: 'people.write',
  tags,
  produces: [EXPORT_TYPES.xlsx],
} as const satisfies Operation;

/** Everyone in the organisation, in the template's columns. */
export const exportUsers = {
  method: 'GET',
  path: '/export/users',
  access: 'people.read',
  tags,
  query: ExportQuerySchema,
  produces: exportTypes,
} as const satisfies Operation;

/** Everything of one person (their access export). */
export const exportUser = {
  method: 'GET',
  path: '/export/user/:id',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: ExportQuerySchema,
  produces: exportTypes,
} as const satisfies Operation;

/** Checks a people spreadsheet row by row; nothing is written. */
export const checkImport = {
  method: 'POST',
  path: '/import/template/check',
  access: 'people.write',
  tags,
  query: scope,
  consumes: upload,
  response: ImportCheckSchema,
} as const satisfies Operation;

/** What the check found in the file, as a spreadsheet to fix it by. */
export const importProblems = {
  method: 'POST',
  path: '/import/template/problems',
  access: 'people.write',
  tags,
  query: ExportQuerySchema,
  consumes: upload,
  produces: exportTypes,
} as const satisfies Operation;

/** Imports every row or none. */
export const importPeople = {
  method: 'POST',
  path: '/import/template',
  access: 'people.write',
  tags,
  query: scope,
  consumes: upload,
  response: ImportResultSchema,
  errors: ['EmailTaken'],
} as const satisfies Operation;

/** The same import, where the spec names it a second time (under "User"). */
export const importUsers = { ...importPeople, path: '/user/import' } as const satisfies Operation;

// Groups.

export const listGroups = {
  method: 'GET',
  path: '/group',
  access: 'audience.pick',
  tags,
  query: GroupListQuerySchema,
  response: AdminGroupListSchema,
} as const satisfies Operation;

export const createGroup = {
  method: 'POST',
  path: '/group',
  access: 'people.write',
  tags,
  query: scope,
  body: CreateGroupBodySchema,
  response: AdminGroupSchema,
  errors: ['GroupNameTaken'],
} as const satisfies Operation;

/** Every group of the organisation, by name: the choices of filters and pickers. */
export const allGroups = {
  method: 'GET',
  path: '/group/tenant',
  access: 'audience.pick',
  tags,
  query: scope,
  response: GroupListSchema,
} as const satisfies Operation;

export const getGroup = {
  method: 'GET',
  path: '/group/:id',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: scope,
  response: AdminGroupSchema,
} as const satisfies Operation;

/** A new name, and members added and removed. */
export const updateGroup = {
  method: 'PATCH',
  path: '/group/:id',
  access: 'people.write',
  tags,
  params: IdParamsSchema,
  query: scope,
  body: UpdateGroupBodySchema,
  response: AdminGroupSchema,
  errors: ['GroupNameTaken'],
} as const satisfies Operation;

export const deleteGroup = {
  method: 'DELETE',
  path: '/group/:id',
  access: 'people.write',
  tags,
  params: IdParamsSchema,
  query: scope,
  response: DoneSchema,
} as const satisfies Operation;

export const listGroupMembers = {
  method: 'GET',
  path: '/group/:id/users',
  access: 'people.read',
  tags,
  params: IdParamsSchema,
  query: GroupMembersQuerySchema,
  response: AdminUserListSchema,
} as const satisfies Operation;

/** A column of group names: the new ones are created, all or none. */
export const importGroups = {
  method: 'POST',
  path: '/group/import',
  access: 'people.write',
  tags,
  query: scope,
  consumes: upload,
  response: GroupImportResultSchema,
  errors: ['GroupNameTaken'],
} as const satisfies Operation;
