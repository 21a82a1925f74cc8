import * as z from 'zod/mini';
import { IsoDateTimeSchema } from './content.js';
import { IdStringSchema, pageQuery } from './envelope.js';

/** GET /health (ready) and GET /health/live (alive): the process's version and how long it has run. */
export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * GET /system: what this installation runs on, for the operator's page: its version, its database (a backup of
 * the embedded one is downloaded from the console; PostgreSQL's is pg_dump's), and where files are kept.
 */
export const InstallationSchema = z.object({
  version: z.string(),
  database: z.enum(['embedded', 'postgres']),
  files: z.enum(['disk', 's3']),
});
export type Installation = z.infer<typeof InstallationSchema>;

/** GET /email/test: whom the test message went to, through which transport, and what the transport said. */
export const MailTestSchema = z.object({
  to: z.string(),
  transport: z.string(),
  ok: z.boolean(),
  response: z.string(),
});
export type MailTest = z.infer<typeof MailTestSchema>;

/**
 * Every event the audit log records: the server writes no other (its AuditEntry takes these), the
 * operator filters by them (GET /logs `event`), and the console has a sentence for each.
 */
export const AUDIT_EVENTS = [
  'login.ok',
  'login.failed',
  'signup.requested',
  'signup.confirmed',
  'signup.code_activated',
  'reset.requested',
  'reset.used',
  'password.changed',
  'password.change_failed',
  'session.revoked',
  'profile.email_changed',
  'welcome.mailed',
  'welcome.code_issued',
  'reset.mailed',
  'reset.code_issued',
  'lock.mailed',
  'lock.code_issued',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.imported',
  'group.renamed',
  'sso.person_created',
  'sso.groups_changed',
  'sso.refused',
  'sso.provider_created',
  'sso.provider_updated',
  'sso.provider_deleted',
  'backup.downloaded',
  'scim.token_created',
  'scim.token_revoked',
  'tenant.created',
  'tenant.updated',
  'tenant.renamed',
  'tenant.activated',
  'tenant.deactivated',
  'tenant.deleted',
  'content.created',
  'content.updated',
  'content.deleted',
  'content.archived',
  'content.unarchived',
  'content.notified',
  'content.submitted',
  'content.approved',
  'content.returned',
  'review.settings_changed',
  'promotion.sent',
  'comment.deleted',
  'comment.replied',
  'comment.hidden',
  'comment.handled',
  'certificate.revoked',
  'attempt.deleted',
  'maintenance.media_fixed',
  'maintenance.points_fixed',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** GET /logs: the audit log, newest first, filtered by organisation, person, event and time. */
export const LOG_PAGE_SIZE = 50;
export const LogQuerySchema = z.object({
  ...pageQuery(LOG_PAGE_SIZE),
  tenant: z.optional(IdStringSchema),
  user: z.optional(IdStringSchema),
  event: z.optional(z.enum(AUDIT_EVENTS)),
  from: z.optional(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })),
  to: z.optional(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })),
});
export type LogQuery = z.infer<typeof LogQuerySchema>;
/** Something an entry names, by id; its name is null once it is deleted. */
const LogRefSchema = z.object({ id: z.int(), name: z.nullable(z.string()) });
const LogTenantSchema = z.object({ id: z.int(), name: z.string() });
export const LogEntrySchema = z.object({
  id: z.int(),
  at: IsoDateTimeSchema,
  /** One of AUDIT_EVENTS (older entries may hold others). */
  event: z.string(),
  tenant: z.nullable(LogTenantSchema),
  user: z.nullable(LogRefSchema),
  ip: z.nullable(z.string()),
  /** What the event recorded beyond who and where, as JSON text (its shape is the event's). */
  details: z.nullable(z.string()),
  /** Who did it for or to `user` (`details.by`), with their organisation (a SUPERADMIN's may be another). */
  by: z.nullable(z.object({ ...LogRefSchema.shape, tenant: z.nullable(LogTenantSchema) })),
  /** The person it was done to when that is not `user` (`details.of`, or `details.userId` of a deleted one). */
  person: z.nullable(LogRefSchema),
  /** The item it concerns (`details.contentId`), in the entry's organisation. */
  content: z.nullable(LogRefSchema),
  /** The group it concerns (`details.groupId`), in the entry's organisation. */
  group: z.nullable(LogRefSchema),
  /** The organisations a promotion was sent to (`details.tenantIds`). */
  tenants: z.array(LogRefSchema),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;
export const LogListSchema = z.object({ count: z.int(), items: z.array(LogEntrySchema) });
export type LogList = z.infer<typeof LogListSchema>;

/** GET /system/jobs: the background queue by queue, its failed jobs (a page), and the notices' deliveries. */
export const JOBS_PAGE_SIZE = 20;
export const JobsQuerySchema = z.object(pageQuery(JOBS_PAGE_SIZE));
export const FailedJobSchema = z.object({
  id: z.int(),
  queue: z.string(),
  tenantId: z.nullable(z.int()),
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  runAt: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
});
export type FailedJob = z.infer<typeof FailedJobSchema>;
export const JobsStateSchema = z.object({
  queues: z.array(
    z.object({ queue: z.string(), waiting: z.int(), failed: z.int(), nextRunAt: z.nullable(IsoDateTimeSchema) }),
  ),
  failed: z.object({ count: z.int(), items: z.array(FailedJobSchema) }),
  deliveries: z.object({ queued: z.int(), failed: z.int() }),
});
export type JobsState = z.infer<typeof JobsStateSchema>;
