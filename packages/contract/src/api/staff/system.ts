import { DoneSchema } from '../../auth.js';
import { IdParamsSchema } from '../../envelope.js';
import {
  InstallationSchema,
  JobsQuerySchema,
  JobsStateSchema,
  LogListSchema,
  LogQuerySchema,
  MailTestSchema,
} from '../../system.js';
import type { Operation } from '../operation.js';

// The operator's calls (SUPERADMIN): the installation and its backup, the mail test, the audit log over every
// tenant, the background queue.
const tags = ['system'];

/** A test message to the caller through the configured transport: what the transport said. */
export const mailTest = {
  method: 'GET',
  path: '/email/test',
  access: 'system',
  tags,
  response: MailTestSchema,
  errors: ['NoEmailAddress'],
} as const satisfies Operation;

export const auditLog = {
  method: 'GET',
  path: '/logs',
  access: 'audit',
  tags,
  query: LogQuerySchema,
  response: LogListSchema,
} as const satisfies Operation;

export const listJobs = {
  method: 'GET',
  path: '/system/jobs',
  access: 'system',
  tags,
  query: JobsQuerySchema,
  response: JobsStateSchema,
} as const satisfies Operation;

export const retryJob = {
  method: 'POST',
  path: '/system/jobs/:id/retry',
  access: 'system',
  tags,
  params: IdParamsSchema,
  response: DoneSchema,
} as const satisfies Operation;

export const installation = {
  method: 'GET',
  path: '/system',
  access: 'system',
  tags,
  response: InstallationSchema,
} as const satisfies Operation;

/**
 * A consistent copy of the embedded database, taken while it serves (a gzipped tar of its data directory, which
 * `npm run db:restore` puts back). PostgreSQL is backed up with pg_dump: 409 BackupWithPgDump.
 */
export const backup = {
  method: 'GET',
  path: '/system/backup',
  access: 'system',
  tags,
  produces: ['application/gzip'],
  errors: ['BackupWithPgDump'],
} as const satisfies Operation;
