import * as z from 'zod/mini';
import { IsoDateTimeSchema } from './content.js';
import { IdStringSchema, pageQuery } from './envelope.js';

/** GET /email/test: whom the test message went to, through which transport, and what the transport said. */
export const MailTestSchema = z.object({
  to: z.string(),
  transport: z.string(),
  ok: z.boolean(),
  response: z.string(),
});
export type MailTest = z.infer<typeof MailTestSchema>;

/** GET /logs: the audit log, newest first, filtered by organisation, person, event and time. */
export const LOG_PAGE_SIZE = 50;
export const LogQuerySchema = z.object({
  ...pageQuery(LOG_PAGE_SIZE),
  tenant: z.optional(IdStringSchema),
  user: z.optional(IdStringSchema),
  event: z.optional(z.string().check(z.maxLength(100))),
  from: z.optional(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })),
  to: z.optional(z.iso.datetime({ offset: true, error: 'validation.invalidDate' })),
});
export type LogQuery = z.infer<typeof LogQuerySchema>;
export const LogEntrySchema = z.object({
  id: z.int(),
  at: IsoDateTimeSchema,
  event: z.string(),
  tenant: z.nullable(z.object({ id: z.int(), name: z.string() })),
  user: z.nullable(z.object({ id: z.int(), name: z.nullable(z.string()) })),
  ip: z.nullable(z.string()),
  /** What the event recorded beyond who and where, as JSON text (its shape is the event's). */
  details: z.nullable(z.string()),
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
