import path from 'node:path';
import * as z from 'zod/mini';
import { INBOX_FILL_BATCH } from './modules/inbox/inbox.service.js';
import { NOTICE_FANOUT_BATCH } from './modules/notifications/deliveries.repository.js';

const booleanFlag = z.optional(
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((v) => v === 'true' || v === '1'),
  ),
);

const EnvSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  HOST: z._default(z.string(), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65_535)), 3000),
  /** Unset: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.optional(z.url({ protocol: /^postgres(ql)?$/ })),
  /** A streaming replica of DATABASE_URL for statistics, exports and the audit log (docs/adr/0061-heavy-reads-on-a-replica.md). */
  DATABASE_REPLICA_URL: z.optional(z.url({ protocol: /^postgres(ql)?$/ })),
  /** How long a read waits for the replica to replay what the primary holds; past it, the primary answers. */
  DATABASE_REPLICA_MAX_LAG_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(600_000)), 2_000),
  DATA_DIR: z._default(z.string(), './data'),
  /** Where uploaded files live; defaults to DATA_DIR/files. */
  FILES_DIR: z.optional(z.string()),
  /** Set: file bytes go to this S3-compatible bucket instead of FILES_DIR (docs/adr/0059-files-on-s3.md). */
  FILES_S3_BUCKET: z.optional(z.string().check(z.minLength(3), z.maxLength(63))),
  /** The S3 service's address (MinIO, Ceph, R2); unset: AWS. */
  FILES_S3_ENDPOINT: z.optional(z.url({ protocol: /^https?$/ })),
  /** Unset: AWS_REGION, else us-east-1 (what most S3-compatible servers accept). */
  FILES_S3_REGION: z.optional(z.string().check(z.minLength(1))),
  /** The bucket in the path, not the host name: what MinIO and most servers outside AWS need. */
  FILES_S3_FORCE_PATH_STYLE: booleanFlag,
  /** The standard AWS variables; unset: the SDK's own chain (a profile, an instance role). */
  AWS_ACCESS_KEY_ID: z.optional(z.string()),
  AWS_SECRET_ACCESS_KEY: z.optional(z.string()),
  AWS_REGION: z.optional(z.string()),
  /** The address users reach the app at: e-mailed links are built from it, never from the Host header. */
  PUBLIC_URL: z.optional(z.url()),
  /** Unset: mail goes to the outbox table and its links to the log (fine for a demo, not for production). */
  SMTP_URL: z.optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: z._default(z.string(), 'Kanal <no-reply@kanal.local>'),
  SEED_DEMO: booleanFlag,
  /** Behind a load balancer: trust X-Forwarded-For from it (`true`, or its addresses/CIDRs, comma-separated). */
  TRUST_PROXY: z.optional(z.string()),
  /** Web push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: made once and kept in the database. */
  VAPID_PUBLIC_KEY: z.optional(z.string().check(z.regex(/^[\w-]{80,100}$/))),
  VAPID_PRIVATE_KEY: z.optional(z.string().check(z.regex(/^[\w-]{40,50}$/))),
  /**
   * The push services a browser's subscription may name, as origins (comma-separated): the server posts
   * to the endpoint, so it must not be a way to make it call any address. An entry without a port takes
   * any port; an https entry takes its subdomains too (Windows' and Apple's services hand out many).
   */
  WEB_PUSH_SERVICES: z._default(
    z.string(),
    'https://fcm.googleapis.com,https://push.services.mozilla.com,https://notify.windows.com,https://push.apple.com',
  ),
  /** Where the Expo push API takes messages (the mobile app's push); a test points it at a local fake. */
  EXPO_PUSH_URL: z._default(z.url({ protocol: /^https?$/ }), 'https://exp.host/--/api/v2/push/send'),
  /** The Expo access token, when the project requires one. */
  EXPO_ACCESS_TOKEN: z.optional(z.string()),
  /** How long a dead process's claimed notice deliveries wait before another process sends them. */
  DELIVERY_LEASE_MS: z._default(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(3_600_000)), 120_000),
  /** How often each process looks for due background jobs (scheduled notices, reminders, retries). */
  JOB_POLL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(60_000)), 2000),
  /**
   * Inbox rows written per transaction when an item reaches its audience: the first batch with the change
   * that publishes it, the rest by a background job (see the inbox module).
   */
  INBOX_FILL_BATCH: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), INBOX_FILL_BATCH),
  /** Recipients of a notice told per transaction, a batch a step of its fan-out job (see the notifications module). */
  NOTICE_FANOUT_BATCH: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
    NOTICE_FANOUT_BATCH,
  ),
  /** Rows an export fetches per statement from its one sorted read (db/cursor.ts, ADR 0055). */
  EXPORT_BATCH: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1000),
  /**
   * The key that seals stored secrets (an identity provider's client secret): 32 bytes, base64. Unset: one
   * is made once and kept in DATA_DIR/secrets.key; several processes must then share DATA_DIR, or be given it.
   */
  SECRETS_KEY: z.optional(
    z.string().check(z.refine((v) => Buffer.from(v, 'base64').length === 32, 'expected 32 bytes in base64')),
  ),
  /**
   * On SIGTERM, how long the process keeps serving while its readiness answers 503, so the load balancer's
   * health checks take it out before it stops listening (a few of their intervals; 0 without a balancer).
   */
  SHUTDOWN_DRAIN_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(600_000)), 0),
  /** Then, how long the requests and the background job in hand may take before the process exits anyway (1). */
  SHUTDOWN_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(600_000)), 30_000),
  /** Set: GET /metrics answers Prometheus' scraper with it as a bearer token (16 characters or more); unset, 404. */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16))),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Sign-in, has-password, forgot- and reset-password requests one address may make per 15 minutes. */
  RATE_LIMIT_PER_IP: z._default(z.coerce.number().check(z.int(), z.positive()), 300),
  /** Failed sign-ins and reset requests one account may see per 15 minutes before it is throttled. */
  RATE_LIMIT_PER_IDENTIFIER: z._default(z.coerce.number().check(z.int(), z.positive()), 10),
});

// zod/mini loads no locale (its messages are just "Invalid input"); an operator reading the
// start-up error needs to know what is wrong with each variable, so this one parse speaks English.
const englishMessages = z.locales.en().localeError;

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; fails listing every bad variable, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env, { error: englishMessages });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither');
  }
  const webPushServices = parseOrigins(e.WEB_PUSH_SERVICES);
  if (!webPushServices) {
    throw new Error('Invalid environment:\n  WEB_PUSH_SERVICES: expected http(s) origins, comma-separated');
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    throw new Error('Invalid environment:\n  DATABASE_REPLICA_URL: a replica of DATABASE_URL; set that too');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    databaseUrl: e.DATABASE_URL,
    replica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS }
      : undefined,
    dataDir,
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    filesS3: e.FILES_S3_BUCKET
      ? {
          bucket: e.FILES_S3_BUCKET,
          endpoint: e.FILES_S3_ENDPOINT,
          region: e.FILES_S3_REGION ?? e.AWS_REGION ?? 'us-east-1',
          forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE ?? false,
          ...(e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
            ? { credentials: { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } }
            : {}),
        }
      : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** Unset: the demo only on the first start of an empty embedded database (seed/demo.ts, demoAtStart). */
    seedDemo: e.SEED_DEMO,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    jobPollMs: e.JOB_POLL_MS,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    inboxFillBatch: e.INBOX_FILL_BATCH,
    noticeFanOutBatch: e.NOTICE_FANOUT_BATCH,
    exportBatch: e.EXPORT_BATCH,
    deliveryLeaseMs: e.DELIVERY_LEASE_MS,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    webPushServices,
    expo: { url: e.EXPO_PUSH_URL, accessToken: e.EXPO_ACCESS_TOKEN },
    rateLimit: { perIp: e.RATE_LIMIT_PER_IP, perIdentifier: e.RATE_LIMIT_PER_IDENTIFIER },
    secretsKey: e.SECRETS_KEY === undefined ? undefined : Buffer.from(e.SECRETS_KEY, 'base64'),
  };
}

/** `https://a.example,http://127.0.0.1:8080` as URLs; undefined when an entry is not an http(s) origin. */
function parseOrigins(value: string): URL[] | undefined {
  const urls = value.split(',').map((entry) => URL.parse(entry.trim()));
  const origins = urls.filter(
    (url): url is URL => url !== null && /^https?:$/.test(url.protocol) && url.href === `${url.origin}/`,
  );
  return origins.length === urls.length ? origins : undefined;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((v) => v.trim());
}
