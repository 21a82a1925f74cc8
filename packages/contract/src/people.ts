import * as z from 'zod/mini';
import { HexColorSchema } from './brand-colors.js';
import { IDENTIFIER_MAX_LENGTH, NAME_MAX_LENGTH, SEARCH_MAX_LENGTH } from './constants.js';
import { GroupListSchema, IsoDateTimeSchema } from './content.js';
import { ContentTypeSchema, ROLES, type Role, RoleSchema } from './enums.js';
import { csv, IdSchema, IdStringSchema, pageQuery } from './envelope.js';
import {
  attributeFilters,
  bulkAttributeFilters,
  newPersonAttributes,
  PersonAttributeChangesSchema,
} from './person-attributes.js';

// The administrative side's people (spec point 7, "User" and "Group"): who belongs to a tenant and to
// which of its groups.

const required = { error: 'validation.required' } as const;
const trimmedName = z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(NAME_MAX_LENGTH));

/**
 * Where an account stands: `invited` has not set its first password yet, `deactivated` may not sign in
 * (and receives nothing), `active` signs in.
 */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The roles an admin of a tenant may give; only a SUPERADMIN gives SUPERADMIN. */
export const grantableRoles = (granter: Role): readonly Role[] =>
  granter === 'SUPERADMIN' ? ROLES : ROLES.filter((role) => role !== 'SUPERADMIN');

export const USER_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'role',
  '-role',
  'department',
  '-department',
  'location',
  '-location',
  'createdAt',
  '-createdAt',
] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_PAGE_SIZE = 20;

/**
 * `?tenant=` on the admin calls about people and groups: the organisation a SUPERADMIN works in (the
 * console's tenant switcher); without it, the caller's own. Anyone else may name only their own.
 */
export const tenantScope = { tenant: z.optional(IdStringSchema) };
export const TenantScopeQuerySchema = z.object(tenantScope);
export type TenantScopeQuery = z.infer<typeof TenantScopeQuerySchema>;

/** The formats of a spreadsheet export, and the media type each is sent as. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
/** An export's query: XLSX unless `?format=csv`, in the caller's organisation or a SUPERADMIN's `?tenant=`. */
export const ExportQuerySchema = z.object({
  ...tenantScope,
  format: z._default(z.enum(EXPORT_FORMATS), 'xlsx'),
});

/** GET /user: a search over name, e-mail and username (accent-insensitive), filters, a sort and a page. */
export const UserListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  role: csv(RoleSchema, ROLES.length),
  status: csv(UserStatusSchema, USER_STATUSES.length),
  group: z.optional(IdStringSchema),
  ...attributeFilters,
  /** Everyone but this group's members: whom the console offers to add to it. */
  notInGroup: z.optional(IdStringSchema),
  sort: z._default(z.enum(USER_SORTS), 'name'),
  ...pageQuery(USER_PAGE_SIZE),
  ...tenantScope,
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/**
 * GET /audience/people: whom an item can be sent to, for the editor's audience picker (every console
 * role, a CREATOR too): the people who receive items (not deactivated), searched by name, perhaps
 * within a group, a page at a time. Unlike GET /user (the people's readers), no e-mail, status or activity.
 */
export const AudiencePeopleQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  group: z.optional(IdStringSchema),
  ...pageQuery(USER_PAGE_SIZE),
  ...tenantScope,
});
export type AudiencePeopleQuery = z.infer<typeof AudiencePeopleQuerySchema>;

/** A person as the audience picker shows them: a name, and the groups that tell two of a name apart. */
export const AudiencePersonSchema = z.object({ id: z.int(), name: z.string(), groups: GroupListSchema });
export type AudiencePerson = z.infer<typeof AudiencePersonSchema>;

export const AudiencePeopleSchema = z.object({ count: z.int(), items: z.array(AudiencePersonSchema) });
export type AudiencePeople = z.infer<typeof AudiencePeopleSchema>;

/** A person as the admin console lists and edits them. */
export const AdminUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  role: RoleSchema,
  status: UserStatusSchema,
  groups: GroupListSchema,
  department: z.nullable(z.string()),
  location: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  employeeNumber: z.nullable(z.string()),
  manager: z.nullable(z.object({ id: z.int(), name: z.string() })),
  /** YYYY-MM-DD. */
  startDate: z.nullable(z.iso.date()),
  createdAt: IsoDateTimeSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({ count: z.int(), items: z.array(AdminUserSchema) });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

const emailField = z.nullable(
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(IDENTIFIER_MAX_LENGTH),
      z.email({ error: 'validation.invalidEmail' }),
    ),
);
/** Letters, digits, dot, dash and underscore, 3–64: a username is typed at sign-in, often on a phone. */
const usernameField = z.nullable(
  z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9._-]{3,64}$/, { error: 'validation.invalidUsername' })),
);
const phoneField = z.nullable(
  z.string().check(z.trim(), z.regex(/^\+?[0-9][0-9 ()/-]{5,19}$/, { error: 'validation.invalidPhone' })),
);
const groupIds = z.array(IdSchema).check(z.maxLength(500));

/** POST /user: a new person, with an e-mail (welcome mail) or a username (activation code), or both. */
export const CreateUserBodySchema = z
  .object({
    name: trimmedName,
    email: z._default(emailField, null),
    username: z._default(usernameField, null),
    phone: z._default(phoneField, null),
    role: z._default(RoleSchema, 'USER'),
    groupIds: z._default(groupIds, []),
    ...newPersonAttributes,
  })
  .check(
    z.refine((body) => body.email !== null || body.username !== null, {
      error: 'validation.emailOrUsername',
      path: ['email'],
    }),
  );
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** PATCH /user/{id}: only the fields given change; `groupIds` replaces the person's groups. */
export const UpdateUserBodySchema = z.object({
  name: z.optional(trimmedName),
  email: z.optional(emailField),
  username: z.optional(usernameField),
  phone: z.optional(phoneField),
  role: z.optional(RoleSchema),
  active: z.optional(z.boolean()),
  groupIds: z.optional(groupIds),
  ...PersonAttributeChangesSchema.shape,
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** What creating a person (or a new code for them) answers: the code is shown to the admin once. */
export const CreatedUserSchema = z.object({
  user: AdminUserSchema,
  /** For a username-only person: the one-time code they type at their first sign-in. */
  activationCode: z.nullable(z.string()),
});
export type CreatedUser = z.infer<typeof CreatedUserSchema>;

/** Several people at once (delete, reset password), at most one page of the console's table. */
export const UserIdsBodySchema = z.object({
  ids: z.array(IdSchema).check(z.minLength(1, required), z.maxLength(100)),
});
export type UserIdsBody = z.infer<typeof UserIdsBodySchema>;

export const DeletedSchema = z.object({ deleted: z.int() });

/**
 * POST /user/reset-password. `link`: a link by mail, and the password stays until it is used. `lock`
 * (an account that may be compromised): the password, every session and trusted browser end at once,
 * and the link or code is the way back in. Username-only people get new codes either way, which replace
 * their password.
 */
export const PASSWORD_RESET_MODES = ['link', 'lock'] as const;
export type PasswordResetMode = (typeof PASSWORD_RESET_MODES)[number];
export const PasswordResetBodySchema = z.object({
  ...UserIdsBodySchema.shape,
  mode: z._default(z.enum(PASSWORD_RESET_MODES), 'link'),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** The answer to POST /user/reset-password: mailed links, and new codes for the username-only people. */
export const PasswordResetsSchema = z.object({
  mailed: z.int(),
  codes: z.array(z.object({ id: z.int(), name: z.string(), username: z.string(), activationCode: z.string() })),
});
export type PasswordResets = z.infer<typeof PasswordResetsSchema>;

/**
 * POST /user/bulk: an action on everyone GET /user's filters match (the console's "select all N
 * matching"), at most USER_BULK_MAX people: above that the admin narrows the filter. `removeFromGroup`
 * names its group. Those the action does not apply to (an active person reactivated, a set-up person
 * welcomed) are passed over; the answer counts the changed ones, and the new codes of username-only people.
 */
export const USER_BULK_MAX = 2000;
export const USER_BULK_ACTIONS = ['reactivate', 'resendWelcome', 'removeFromGroup'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];
export const UserBulkBodySchema = z.object({
  action: z.enum(USER_BULK_ACTIONS),
  filter: z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
    role: z._default(z.array(RoleSchema).check(z.maxLength(ROLES.length)), []),
    status: z._default(z.array(UserStatusSchema).check(z.maxLength(USER_STATUSES.length)), []),
    group: z.optional(IdSchema),
    ...bulkAttributeFilters,
  }),
  groupId: z.optional(IdSchema),
});
export type UserBulkBody = z.infer<typeof UserBulkBodySchema>;
export type UserBulkFilter = UserBulkBody['filter'];
export const UserBulkResultSchema = z.object({
  changed: z.int(),
  codes: PasswordResetsSchema.shape.codes,
});
export type UserBulkResult = z.infer<typeof UserBulkResultSchema>;

/** What a person did, as their admin reads it (GET /user/{id}/activity), newest first. */
export const ACTIVITY_KINDS = ['viewed', 'finished', 'attempt', 'comment'] as const;
export const ActivityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: IsoDateTimeSchema,
  content: z.object({ id: z.int(), name: z.string(), type: ContentTypeSchema }),
  /** An attempt's mark, 0..1; null for an ungraded one (an inquiry) and for other kinds. */
  finalMark: z.nullable(z.number()),
  /** Whether a graded attempt reached the item's passing score; null where there is no verdict. */
  passed: z.nullable(z.boolean()),
  /** A comment's text. */
  text: z.nullable(z.string()),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export const ActivityPageSchema = z.object({ count: z.int(), items: z.array(ActivityItemSchema) });
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
export const ActivityQuerySchema = z.object({ ...pageQuery(USER_PAGE_SIZE), ...tenantScope });
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

// Groups.

export const GROUP_PAGE_SIZE = 20;

export const GroupListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  ...pageQuery(GROUP_PAGE_SIZE),
  ...tenantScope,
});
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;

export const AdminGroupSchema = z.object({
  id: z.int(),
  name: z.string(),
  memberCount: z.int(),
  createdAt: z.string(),
});
export type AdminGroup = z.infer<typeof AdminGroupSchema>;
export const AdminGroupListSchema = z.object({ count: z.int(), items: z.array(AdminGroupSchema) });
export type AdminGroupList = z.infer<typeof AdminGroupListSchema>;

/** A group's name: imports list a person's groups separated by commas, so a name has none. */
const groupName = trimmedName.check(z.regex(/^[^,]*$/, { error: 'validation.groupNameComma' }));

/** POST /group: a name unique in the tenant, and its first members. */
export const CreateGroupBodySchema = z.object({ name: groupName, userIds: z._default(groupIds, []) });
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>;

/** PATCH /group/{id}: a new name, and members to add and to remove. */
export const UpdateGroupBodySchema = z.object({
  name: z.optional(groupName),
  addUserIds: z._default(groupIds, []),
  removeUserIds: z._default(groupIds, []),
});
export type UpdateGroupBody = z.infer<typeof UpdateGroupBodySchema>;

/** GET /group/{id}/users: the members, searchable, a page at a time. */
export const GroupMembersQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  ...pageQuery(USER_PAGE_SIZE),
  ...tenantScope,
});
export type GroupMembersQuery = z.infer<typeof GroupMembersQuerySchema>;

// Tenants (SUPERADMIN).

export const TENANT_PAGE_SIZE = 20;

export const TenantListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
  ...pageQuery(TENANT_PAGE_SIZE),
});
export type TenantListQuery = z.infer<typeof TenantListQuerySchema>;

/** An organisation as the provider's console shows it. */
export const AdminTenantSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** A file id: the logo is GET /api/files/{image}. */
  image: z.nullable(z.string()),
  showPromoTag: z.boolean(),
  /** `#rrggbb`; null: the product's own colours. */
  primaryColor: z.nullable(z.string()),
  accentColor: z.nullable(z.string()),
  active: z.boolean(),
  userCount: z.int(),
  createdAt: IsoDateTimeSchema,
});
export type AdminTenant = z.infer<typeof AdminTenantSchema>;
export const AdminTenantListSchema = z.object({ count: z.int(), items: z.array(AdminTenantSchema) });
export type AdminTenantList = z.infer<typeof AdminTenantListSchema>;

/** POST /tenant: a new organisation and its first ADMIN, who is welcomed by mail. */
export const CreateTenantBodySchema = z.object({
  name: trimmedName,
  showPromoTag: z._default(z.boolean(), false),
  admin: z.object({
    name: trimmedName,
    email: z
      .string(required)
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, required),
        z.maxLength(IDENTIFIER_MAX_LENGTH),
        z.email({ error: 'validation.invalidEmail' }),
      ),
  }),
});
export type CreateTenantBody = z.infer<typeof CreateTenantBodySchema>;
export const CreatedTenantSchema = z.object({ tenant: AdminTenantSchema, admin: AdminUserSchema });
export type CreatedTenant = z.infer<typeof CreatedTenantSchema>;

/**
 * PATCH /tenant/{id}: the name, the logo (a file uploaded to that tenant; null removes it), the Promo tag, and
 * the colours (null: the product's own). A colour too light to read on the product's surfaces is refused.
 */
export const UpdateTenantBodySchema = z.object({
  name: z.optional(trimmedName),
  image: z.optional(z.nullable(z.uuid({ error: 'validation.invalid' }))),
  showPromoTag: z.optional(z.boolean()),
  primaryColor: z.optional(z.nullable(HexColorSchema)),
  accentColor: z.optional(z.nullable(HexColorSchema)),
});
export type UpdateTenantBody = z.infer<typeof UpdateTenantBodySchema>;

/** DELETE /tenant/{id}: the organisation's name typed back, since nothing of it remains. */
export const DeleteTenantBodySchema = z.object({ name: z.string(required).check(z.trim(), z.minLength(1, required)) });
export type DeleteTenantBody = z.infer<typeof DeleteTenantBodySchema>;

// Importing people from a spreadsheet (spec "Other": /export/template, /import/template/check, /import/template).

/** The template's columns, in order; headers are read in either language. */
export const IMPORT_COLUMNS = [
  'name',
  'email',
  'username',
  'phone',
  'role',
  'groups',
  'department',
  'location',
  'jobTitle',
  'employeeNumber',
  'manager',
  'startDate',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One problem of one row: its spreadsheet row number (the header is row 1) and column. */
export const ImportProblemSchema = z.object({
  row: z.int(),
  column: z.nullable(z.enum(IMPORT_COLUMNS)),
  code: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/**
 * What importing does with a row: a new person, changes to one the organisation has, nothing to change,
 * or nothing because the admin may not change that person (a SUPERADMIN's account, for an ADMIN).
 */
export const IMPORT_OUTCOMES = ['new', 'updated', 'unchanged', 'skipped'] as const;
/** One field importing changes of a person the organisation has: as it is, and as the row gives it. */
export const ImportChangeSchema = z.object({
  column: z.enum(IMPORT_COLUMNS),
  /** Groups as their names joined by ", "; null for a field that is empty. */
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
});
export type ImportChange = z.infer<typeof ImportChangeSchema>;
export const ImportRowOutcomeSchema = z.object({
  row: z.int(),
  /** The person's name as the row gives it. */
  name: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** What an update changes, in the template's column order; empty for the other outcomes. */
  changes: z.array(ImportChangeSchema),
  /** Why the row is skipped, in the admin's language; null for the other outcomes. */
  reason: z.nullable(z.object({ code: z.string(), message: z.string() })),
});
export type ImportRowOutcome = z.infer<typeof ImportRowOutcomeSchema>;

/**
 * POST /import/template/check: how many rows and every problem (any one refuses the file); warnings,
 * which do not (a name a spreadsheet program would run as a formula); and what importing would do with
 * each row that has no problem. Nothing is written.
 */
export const ImportCheckSchema = z.object({
  rows: z.int(),
  problems: z.array(ImportProblemSchema),
  warnings: z.array(ImportProblemSchema),
  outcomes: z.array(ImportRowOutcomeSchema),
});
export type ImportCheck = z.infer<typeof ImportCheckSchema>;

/** POST /import/template: all rows or none; the codes of new username-only people are shown once. */
export const ImportResultSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  /** Rows of people the admin may not change, left as they are (the check says why). */
  skipped: z.int(),
  codes: z.array(z.object({ name: z.string(), username: z.string(), activationCode: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** POST /group/import: a column of group names; the new ones are created, all or none (any problem: none). */
export const GroupImportResultSchema = z.object({
  created: z.int(),
  unchanged: z.int(),
  problems: z.array(ImportProblemSchema),
});
export type GroupImportResult = z.infer<typeof GroupImportResultSchema>;
