import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Jobs } from '../jobs/jobs.service.js';
import { createMailRepository, type NewMessage } from './mail.repository.js';
import type { MailTransport } from './mail-transport.js';

export type { MailTransport };

type Deps = {
  db: Db;
  jobs: Pick<Jobs, 'define' | 'schedule' | 'kick'>;
  transport: MailTransport;
  clock: Clock;
};

const MAIL_QUEUE = 'mail';

/**
 * Mail goes out through the job queue: each message is an outbox row and a job that hands it to the
 * transport, retried with backoff while the transport fails, and kept with its error after the last try.
 */
export const createMailer = ({ db, jobs, transport, clock }: Deps) => {
  jobs.define<{ id: number }>(MAIL_QUEUE, async ({ id }, tx, now) => {
    const repo = createMailRepository(tx);
    const message = await repo.unsent(id);
    if (!message) return;
    await transport.deliver(message);
    await repo.markSent(id, now);
  });

  /** The messages' outbox rows and their jobs, in the transaction given. */
  async function enqueue(tx: Tx, messages: NewMessage[]): Promise<void> {
    const queued = await createMailRepository(tx).enqueue(messages);
    const runAt = clock.now();
    await jobs.schedule(
      tx,
      ...queued.map(({ id, tenantId }) => ({ queue: MAIL_QUEUE, payload: { id }, runAt, tenantId })),
    );
  }

  return {
    /**
     * Writes the messages and their jobs, then delivers them in the background, so the caller's answer
     * never waits on, or reveals, SMTP.
     */
    async send(...messages: NewMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await db.transaction((tx) => enqueue(tx, messages));
      void jobs.kick();
    },
    /** As `send`, in the caller's transaction (another job's): delivered once it commits, with the next run. */
    async sendIn(tx: Tx, ...messages: NewMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await enqueue(tx, messages);
      void jobs.kick();
    },
    /**
     * The operator's test (GET /email/test): a message to `recipient` through the transport now, outside
     * the queue, answering what the transport said or why it refused.
     */
    async test(recipient: string, message: { subject: string; text: string; html: string }) {
      const response = await transport
        .deliver({ recipient, ...message })
        .then((said) => ({ ok: true, response: said }))
        .catch((err: unknown) => ({ ok: false, response: err instanceof Error ? err.message : String(err) }));
      return { to: recipient, kind: transport.kind, where: transport.where, ...response };
    },
    close: () => transport.close(),
  };
};
export type Mailer = ReturnType<typeof createMailer>;
