import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { API_PREFIX, type TenantScopeQuery } from '@kanal/contract';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { countOfTenant } from './db/tenant-objects.js';
import { type Clock, systemClock } from './lib/clock.js';
import { authRoutes, type WebManifest } from './modules/auth/auth.routes.js';
import { contentStaffRoutes } from './modules/authoring/authoring.routes.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import type { FileStore } from './modules/files/file-store.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { formsStaffRoutes } from './modules/forms/forms-staff.routes.js';
import { healthRoutes, type Lifecycle } from './modules/health/health.routes.js';
import { contentStatsRoutes } from './modules/item-stats/item-stats.routes.js';
import type { MailTransport } from './modules/mail/mail-transport.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { questionBankRoutes } from './modules/question-bank/question-bank.routes.js';
import { reviewRoutes } from './modules/review/review.routes.js';
import { SCIM_PREFIX, scimDirectoryRoutes, scimRouterError } from './modules/scim/scim-directory.routes.js';
import { scimTokenRoutes } from './modules/scim/scim-tokens.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { usersRoutes } from './modules/users/account/users.routes.js';
import { peopleRoutes } from './modules/users/people.routes.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { refuseForeignIdFilters } from './plugins/id-filters.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { authGuard, requestContextPlugin, type ScopedContext } from './plugins/request-context.js';
import { loggingOptions, logRequests } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { serializationPlugin } from './plugins/serialization.js';
import { inlineScriptHashes, staticWebPlugin } from './plugins/static-web.js';
import { validationPlugin } from './plugins/validation.js';
import { createServices } from './services.js';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Defaults from the config: SMTP when SMTP_URL is set, otherwise files in DATA_DIR/outbox. */
  mailTransport?: MailTransport;
  fileStore?: FileStore;
  /** Where log lines go (stdout by default); tests capture them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** The built web app (apps/web/dist by default). */
  webRoot?: string;
};

const version: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const builtWebApp = new URL('../../web/dist', import.meta.url).pathname;

/** The built web app's manifest, if there is a built web app. */
async function readWebManifest(webRoot: string): Promise<WebManifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(webRoot, 'manifest.webmanifest'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Builds the whole application without listening, so tests drive it through `inject`. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  mailTransport,
  fileStore,
  logStream,
  webRoot = builtWebApp,
}: AppDeps) {
  const app = Fastify({
    ...loggingOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // What the router refuses before any route: SCIM's paths answer in SCIM's error body.
    frameworkErrors: (error, req, reply) =>
      req.url.startsWith(SCIM_PREFIX) ? scimRouterError(reply) : frameworkErrors(error, req, reply),
  }).withTypeProvider<ZodTypeProvider>();

  logRequests(app);

  const services = await createServices({ config, database, clock, mailTransport, fileStore, log: app.log, version });
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    sources: {
      connections: database.connections,
      replica: database.reads.replica,
      jobs: services.jobs.backlog,
      deliveries: services.notifications.deliveryBacklog,
    },
  });
  await app.register(cookie);
  await app.register(requestContextPlugin);
  await app.register(errorsPlugin, { checkDeclared: config.env !== 'production' });
  await app.register(securityPlugin, { scriptHashes: await inlineScriptHashes(webRoot) });
  await app.register(validationPlugin);
  await app.register(serializationPlugin, { checkAgainstZod: config.env !== 'production' });
  await app.register(openapiPlugin, { version });

  const startedAt = Date.now();
  const lifecycle: Lifecycle = { draining: false };
  await app.register(healthRoutes, { database, lifecycle, version, startedAt });
  await app.register(
    async (api) => {
      authGuard(api, services.auth);
      const scoped: ScopedContext = async (req) => ({
        ...req.ctx,
        tenantId: await services.tenants.scopeOf(req.ctx, (req.query as TenantScopeQuery).tenant),
      });
      refuseForeignIdFilters(api, { scoped, countOfTenant: (...args) => countOfTenant(database.db, ...args) });
      await api.register(healthRoutes, { database, lifecycle, version, startedAt });
      await api.register(authRoutes, {
        auth: services.auth,
        secureCookies: config.publicUrl.startsWith('https:'),
        webManifest: await readWebManifest(webRoot),
      });
      await api.register(filesRoutes, { files: services.files, scoped });
      await api.register(contentRoutes, { content: services.content });
      await api.register(formsRoutes, { forms: services.forms });
      await api.register(contentStaffRoutes, { staff: services.contentStaff, scoped });
      await api.register(moderationRoutes, { staff: services.moderation, scoped });
      await api.register(reviewRoutes, { review: services.review, scoped });
      await api.register(certificatesRoutes, { certificates: services.certificates, scoped });
      await api.register(questionBankRoutes, { bank: services.questionBank, scoped });
      await api.register(promotionsRoutes, { staff: services.promotions });
      await api.register(formsStaffRoutes, { answers: services.formsStaff, scoped });
      await api.register(contentStatsRoutes, { stats: services.contentStats, scoped });
      await api.register(usersRoutes, { users: services.users });
      await api.register(peopleRoutes, { people: services.people, groups: services.groups, scoped });
      await api.register(tenantsRoutes, { tenants: services.tenants });
      await api.register(statsRoutes, { stats: services.stats, scoped });
      await api.register(profileRoutes, { profile: services.profile });
      await api.register(notificationsRoutes, { notifications: services.notifications, scoped });
      await api.register(systemRoutes, { system: services.system });
      await api.register(ssoRoutes, { sso: services.sso, scoped });
      await api.register(scimTokenRoutes, { tokens: services.scimTokens, scoped });
    },
    { prefix: API_PREFIX },
  );
  await app.register(scimDirectoryRoutes, {
    prefix: SCIM_PREFIX,
    directory: services.directory,
    authenticate: services.scimTokens.authenticate,
  });
  await app.register(staticWebPlugin, { root: webRoot });

  app.addHook('onClose', async () => {
    await services.jobs.stop();
    services.mailer.close();
  });

  return Object.assign(app, {
    /** Stopping (SIGTERM): readiness answers 503 so the balancer sends new requests elsewhere. */
    drain() {
      lifecycle.draining = true;
    },
    services,
  });
}
export type App = Awaited<ReturnType<typeof buildApp>>;
