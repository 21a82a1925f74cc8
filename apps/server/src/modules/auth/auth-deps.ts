import type { Language } from '@kanal/contract';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Jobs } from '../jobs/jobs.service.js';
import type { Mailer } from '../mail/mail.service.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import type { AuthRepository } from './auth.repository.js';

// What the auth module is handed by the app, shared by signing in (auth.service) and the password flows
// (auth-passwords).

/** Where a request came from: for rate limits, the audit trail and the language of a mail. */
export type RequestMeta = { ip: string; lang: Language };
/** The identity provider a session came through, with its ID token (sealed by the sso module; opaque here). */
export type Vouched = { providerId: number; idTokenSealed: string | null };
type Repos = { repo: AuthRepository; audit: AuditLog };

export type AuthDeps = Repos & {
  /** Runs `fn` in one transaction, with repositories bound to it. */
  transaction: <T>(fn: (repos: Repos) => Promise<T>) => Promise<T>;
  limiter: RateLimiter;
  mailer: Pick<Mailer, 'send'>;
  /** Signing out of a session stops push notices to the devices it registered (the notifications module). */
  forgetDevices: (tenantId: number, sessionId: number) => Promise<void>;
  clock: Clock;
  config: { publicUrl: string; rateLimit: { perIp: number; perIdentifier: number } };
  /** Where the reset requests are queued and worked on: a job kind of the jobs module. */
  jobs: Pick<Jobs, 'define'>;
  /** Queues a job in the database (the jobs module's schedule, outside any transaction). */
  queue: (job: { queue: string; payload: Record<string, unknown>; runAt: Date }) => Promise<void>;
  /**
   * The identity provider an identifier's e-mail domain belongs to (the sso module): where its sign-in
   * starts, and whether that domain's people may still sign in with a password.
   */
  ssoEntry: (identifier: string) => Promise<{ url: string; passwordsAllowed: boolean } | undefined>;
  /**
   * Where the browser ends the person's session at the identity provider their session came through (the
   * sso module); undefined where it has no such endpoint or cannot be reached. Never throws.
   */
  endSession: (tenantId: number, through: Vouched) => Promise<string | undefined>;
  /** The repositories and the mailer bound to a job's transaction: a job writes only through it. */
  reposOver: (tx: Tx) => Repos & { mailer: Pick<Mailer, 'send'> };
};
