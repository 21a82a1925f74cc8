import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Unset: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default('./data'),
  /** Where uploaded files live; defaults to DATA_DIR/files. */
  FILES_DIR: z.string().optional(),
  /** The address users reach the app at: e-mailed links are built from it, never from the Host header. */
  PUBLIC_URL: z.url().optional(),
  /** Unset: mail goes to the outbox table and its links to the log (fine for a demo, not for production). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Kanal <no-reply@kanal.local>'),
  SEED_DEMO: booleanFlag,
  /** Behind a load balancer: trust X-Forwarded-For from it (`true`, or its addresses/CIDRs, comma-separated). */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in, has-password, forgot- and reset-password requests one address may make per 15 minutes. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(300),
  /** Failed sign-ins and reset requests one account may see per 15 minutes before it is throttled. */
  RATE_LIMIT_PER_IDENTIFIER: z.coerce.number().int().positive().default(10),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; fails listing every bad variable, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? true,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    rateLimit: { perIp: e.RATE_LIMIT_PER_IP, perIdentifier: e.RATE_LIMIT_PER_IDENTIFIER },
  };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((v) => v.trim());
}
