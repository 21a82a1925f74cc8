import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { MailRepository, NewMessage } from './mail.repository.js';
import type { MailTransport } from './mail-transport.js';

type Deps = { repo: MailRepository; transport: MailTransport; clock: Clock; log: FastifyBaseLogger };

const CLAIM_MS = 60_000;
const BATCH = 20;

export const createMailer = ({ repo, transport, clock, log }: Deps) => {
  let running: Promise<void> = Promise.resolve();

  async function deliverPending(): Promise<void> {
    for (;;) {
      const now = clock.now();
      const batch = await repo.claim(now, new Date(now.getTime() + CLAIM_MS), BATCH);
      if (batch.length === 0) return;
      for (const message of batch) {
        try {
          await transport.deliver(message);
          await repo.markSent(message.id, clock.now());
        } catch (err) {
          log.warn({ err, mailId: message.id }, 'mail delivery failed; it will be retried');
          await repo.markFailed(message.id, err instanceof Error ? err.message : String(err));
        }
      }
      if (batch.length < BATCH) return;
    }
  }

  /** One delivery run at a time per process; a run started while another goes on follows it. */
  function kick(): Promise<void> {
    running = running.then(deliverPending).catch((err) => log.error({ err }, 'mail delivery run failed'));
    return running;
  }

  return {
    /**
     * Writes the messages to the outbox and delivers them in the background, so the caller's answer
     * never waits on, or reveals, SMTP.
     */
    async send(...messages: NewMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await repo.enqueue(messages);
      void kick();
    },
    /** Delivers what is waiting (also retries earlier failures); resolves when the outbox is drained. */
    deliverPending: kick,
    /** Resolves when the current delivery run has ended. */
    idle: () => running,
    close: () => transport.close(),
  };
};
export type Mailer = ReturnType<typeof createMailer>;
