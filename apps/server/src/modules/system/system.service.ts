import type { Readable } from 'node:stream';
import {
  type Installation,
  type JobsState,
  type Language,
  type LogList,
  type LogQuery,
  type MailTest,
  makeTranslate,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import { mailLayout } from '../../lib/mail-layout.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { Mailer } from '../mail/mail.service.js';
import type { Notifications } from '../notifications/notifications.service.js';

const t = makeTranslate({ hr, en });

type Deps = {
  mailer: Pick<Mailer, 'test'>;
  /** The caller's address (the auth module's me). */
  emailOf: (ctx: RequestContext) => Promise<string | null>;
  audit: Pick<AuditLog, 'page' | 'record'>;
  jobs: Pick<Jobs, 'state' | 'retry'>;
  deliveries: Notifications['deliveryTotals'];
  publicUrl: string;
  installation: Installation;
  /** The embedded database's data directory as a gzipped tar, taken between two of its operations. */
  dump: (() => Promise<Readable>) | undefined;
};

/**
 * The operator's calls (SUPERADMIN): the installation and its backup, the mail test, the audit log, and the
 * background queue's state.
 */
export const createSystem = ({ mailer, emailOf, audit, jobs, deliveries, publicUrl, installation, dump }: Deps) => ({
  installation: (): Installation => installation,

  /**
   * A backup of the embedded database while it serves: copied between two of its operations, so it opens as a
   * database stopped there, then streamed. Recorded in the log: it is everyone's data.
   */
  async backup(ctx: RequestContext): Promise<{ body: Readable; fileName: string }> {
    if (!dump) throw new AppError('BackupWithPgDump');
    const taken = new Date();
    const body = await dump();
    try {
      await audit.record({ event: 'backup.downloaded', tenantId: ctx.tenantId, details: { by: ctx.userId } });
    } catch (error) {
      body.destroy();
      throw error;
    }
    const stamp = taken.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return { body, fileName: `kanal-backup-${stamp}.tar.gz` };
  },

  /** A test message to the caller through the configured transport, now; answers what the transport said. */
  async mailTest(ctx: RequestContext, lang: Language): Promise<MailTest> {
    const to = await emailOf(ctx);
    if (!to) throw new AppError('NoEmailAddress');
    const { text, html } = mailLayout(lang, {
      before: [t(lang, 'mail.test.body')],
      action: { label: t(lang, 'mail.test.action'), link: publicUrl },
      after: [t(lang, 'mail.signature')],
    });
    const sent = await mailer.test(to, { subject: t(lang, 'mail.test.subject'), text, html });
    // In the caller's words: the transport, and what it said (an SMTP server's reply and a refusal's
    // reason as they came: they are the server's own words, which the operator may have to look up).
    return {
      to,
      transport: t(lang, `mail.test.transport.${sent.kind}`, { where: sent.where }),
      ok: sent.ok,
      response:
        sent.ok && sent.kind === 'outbox' ? t(lang, 'mail.test.written', { file: sent.response }) : sent.response,
    };
  },

  async logs(query: LogQuery): Promise<LogList> {
    const from = query.from === undefined ? undefined : new Date(query.from);
    const to = query.to === undefined ? undefined : new Date(query.to);
    if (from && to && from > to) {
      throw new AppError('BodyParamsInvalid', { field: { name: 'from', message: 'validation.dateOrder' } });
    }
    return audit.page(
      {
        ...(query.tenant === undefined ? {} : { tenantId: query.tenant }),
        ...(query.user === undefined ? {} : { userId: query.user }),
        ...(query.event ? { event: query.event } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
      query,
    );
  },

  async jobs(page: { limit: number; offset: number }): Promise<JobsState> {
    const [state, totals] = await Promise.all([jobs.state(page), deliveries()]);
    return { ...state, deliveries: totals };
  },

  async retry(id: number): Promise<{ done: true }> {
    if (!(await jobs.retry(id))) throw notFound();
    return { done: true };
  },
});
export type System = ReturnType<typeof createSystem>;
