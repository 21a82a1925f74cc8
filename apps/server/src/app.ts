import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { API_PREFIX, ITEM_SNAPSHOT_TTL_MS, type TenantScopeQuery } from '@kanal/contract';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createContentServices, inboxOver } from './content-services.js';
import type { Database } from './db/client.js';
import type { ReadInBatches } from './db/cursor.js';
import { countOfTenant } from './db/tenant-objects.js';
import { type Clock, systemClock } from './lib/clock.js';
import { secretBox, secretsKey } from './lib/secret-box.js';
import { createAuditLog } from './modules/audit/audit.service.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { authRoutes, type WebManifest } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createAuthoringRepository } from './modules/authoring/authoring.repository.js';
import { contentStaffRoutes } from './modules/authoring/authoring.routes.js';
import { createContentStaff } from './modules/authoring/authoring.service.js';
import { defineScheduleJobs } from './modules/authoring/authoring-schedule.js';
import { createContentRepository } from './modules/content/content.repository.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { diskFileStore, type FileStore } from './modules/files/file-store.js';
import { createFilesRepository } from './modules/files/files.repository.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { createFilesService } from './modules/files/files.service.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { formsStaffRoutes } from './modules/forms/forms-staff.routes.js';
import { healthRoutes, type Lifecycle } from './modules/health/health.routes.js';
import { defineInboxFillJob } from './modules/inbox/inbox.service.js';
import { createContentStatsRepository } from './modules/item-stats/item-stats.repository.js';
import { contentStatsRoutes } from './modules/item-stats/item-stats.routes.js';
import { createContentStats } from './modules/item-stats/item-stats.service.js';
import { createJobsRepository } from './modules/jobs/jobs.repository.js';
import { createJobs } from './modules/jobs/jobs.service.js';
import { createMailer } from './modules/mail/mail.service.js';
import { type MailTransport, outboxTransport, smtpTransport } from './modules/mail/mail-transport.js';
import { createModerationRepository } from './modules/moderation/moderation.repository.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { createModeration } from './modules/moderation/moderation.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotifications } from './modules/notifications/notifications.service.js';
import { createProfileRepository } from './modules/profile/profile.repository.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createPromotionsRepository } from './modules/promotions/promotions.repository.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { createPromotions } from './modules/promotions/promotions.service.js';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.js';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service.js';
import { createDirectoryRepository } from './modules/scim/scim-directory.repository.js';
import { SCIM_PREFIX, scimDirectoryRoutes, scimRouterError } from './modules/scim/scim-directory.routes.js';
import { createDirectoryService } from './modules/scim/scim-directory.service.js';
import { createScimTokenRepository } from './modules/scim/scim-tokens.repository.js';
import { scimTokenRoutes } from './modules/scim/scim-tokens.routes.js';
import { createScimTokenService } from './modules/scim/scim-tokens.service.js';
import { createSsoRepository } from './modules/sso/sso.repository.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { createSsoService, signInEntryOf } from './modules/sso/sso.service.js';
import { createStatsRepository } from './modules/stats/stats.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createSystem } from './modules/system/system.service.js';
import { createTenantsRepository } from './modules/tenants/tenants.repository.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { createTenantsService } from './modules/tenants/tenants.service.js';
import { usersRoutes } from './modules/users/account/users.routes.js';
import { createUsersService } from './modules/users/account/users.service.js';
import { createAccounts } from './modules/users/accounts.js';
import { createAttributesRepository } from './modules/users/attributes.repository.js';
import { createGroupsRepository } from './modules/users/groups.repository.js';
import { createGroupsService } from './modules/users/groups.service.js';
import { peopleRoutes } from './modules/users/people.routes.js';
import { createPeopleService } from './modules/users/people.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
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

  const { db, reads } = database;
  // Exports, statistics and the audit log read where the heavy reads go: a replica when there is one.
  const exportReads: ReadInBatches = (query) => reads.readSorted(query, config.exportBatch);
  database.onConnectionLost((err) =>
    app.log.warn({ err }, 'database connection lost; it is reopened when next needed'),
  );
  reads.onReplicaChange(({ state, lagSeconds }, err) =>
    (state === 'in step' ? app.log.info : app.log.warn).call(
      app.log,
      { err, lagSeconds },
      `database replica ${state}: ${state === 'in step' ? 'heavy reads go to it' : 'heavy reads go to the primary'}`,
    ),
  );
  const jobs = createJobs({ db, clock, log: app.log });
  const transport =
    mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : outboxTransport(path.join(config.dataDir, 'outbox'), app.log));
  const mailer = createMailer({ db, jobs, transport, clock });
  const limiter = createRateLimiter({ repo: createRateLimitRepository(db), clock });
  const notifications = createNotifications({
    db,
    jobs,
    mailTransport: transport,
    limiter,
    clock,
    log: app.log,
    config,
  });
  defineScheduleJobs({
    jobs,
    authoringOver: (tx) => createContentServices(tx, clock, config.inboxFillBatch).authoring,
    inboxOver: (tx) => inboxOver(tx, clock, config.inboxFillBatch),
    fanOut: notifications.fanOut,
  });
  defineInboxFillJob({
    jobs,
    lockItem: (tx, tenantId, contentId) => createAuthoringRepository(tx).lockItem(tenantId, contentId),
    jobsOver: createJobsRepository,
    clock,
    fillBatch: config.inboxFillBatch,
  });
  // Which of the organisations' own providers signs an address in (home-realm discovery).
  const ssoEntry = signInEntryOf(createSsoRepository(db));
  const auth = createAuthService({
    repo: createAuthRepository(db),
    forgetDevices: notifications.forgetSession,
    audit: createAuditLog(db),
    transaction: (fn) => db.transaction((tx) => fn({ repo: createAuthRepository(tx), audit: createAuditLog(tx) })),
    limiter,
    mailer,
    clock,
    config,
    // Reset requests are jobs, worked on with the next pass of the jobs, never right after their request
    // (its time must not depend on whether the account exists); a crashed process's are taken up again.
    jobs,
    queue: (job) => jobs.schedule(db, job),
    ssoEntry,
    // The sso module is built below (its sign-ins open sessions here); this runs at a sign-out, by then it is.
    endSession: (tenantId, through) => sso.endSession(tenantId, through),
    reposOver: (tx) => ({
      repo: createAuthRepository(tx),
      audit: createAuditLog(tx),
      mailer: { send: (...messages) => mailer.sendIn(tx, ...messages) },
    }),
  });
  const { content, contentRepo, forms, formsStaff, authoring } = createContentServices(
    db,
    clock,
    config.inboxFillBatch,
  );
  const profile = createProfileService({ repo: createProfileRepository(db), clock });
  const store = fileStore ?? diskFileStore(config.filesDir);
  const files = createFilesService({
    repo: createFilesRepository(db),
    store,
    contentShowsFile: content.showsFile,
  });
  const authoringRepo = createAuthoringRepository(db);
  const contentStaff = createContentStaff({
    authoring,
    repo: authoringRepo,
    reads: contentRepo,
    filesOf: files.kinds,
    fileStored: files.stored,
    audit: createAuditLog(db),
    filling: inboxOver(db, clock).filling,
    kickJobs: jobs.kick,
    clock,
  });
  const moderation = createModeration({
    repo: createModerationRepository(db),
    creatorOf: async (tenantId, contentId) => (await authoringRepo.find(tenantId, contentId, clock.now()))?.creatorId,
    transaction: (fn) =>
      db.transaction((tx) => fn({ comments: createContentRepository(tx), audit: createAuditLog(tx) })),
  });
  const promotions = createPromotions({
    repo: createPromotionsRepository(db),
    itemOf: (tenantId, contentId, now) => authoringRepo.find(tenantId, contentId, now),
    send: authoring.sendPromotion,
    clock,
  });
  const stats = createStatsService({
    repo: createStatsRepository(reads.db),
    transaction: (fn) => db.transaction((tx) => fn(tx)),
    readsWithin: reads.within,
    clock,
  });
  const contentStats = createContentStats({
    repo: createContentStatsRepository(reads.db),
    readInBatches: exportReads,
    itemOf: contentStaff.get,
    summaryOf: contentStaff.summary,
    questionsOf: contentStaff.questions,
    snapshot: (tenantId, kind, compute) =>
      stats.snapshot(tenantId, kind, ITEM_SNAPSHOT_TTL_MS, (from) => compute(createContentStatsRepository(from))),
    tallyPoll: forms.tallyPoll,
    attempts: formsStaff,
    noticeReach: notifications.reach,
    clock,
  });
  const people = createPeopleService({
    users: createUsersRepository(db),
    readInBatches: exportReads,
    groups: createGroupsRepository(db),
    attributes: createAttributesRepository(db),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          users: createUsersRepository(tx),
          groups: createGroupsRepository(tx),
          attributes: createAttributesRepository(tx),
          inbox: inboxOver(tx, clock, config.inboxFillBatch),
          audit: createAuditLog(tx),
          db: tx,
        }),
      ),
    invite: auth.invite,
    activity: profile.activity,
    personalData: profile.personalData,
    clock,
  });
  const groups = createGroupsService({
    groups: createGroupsRepository(db),
    users: createUsersRepository(db),
    people,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ groups: createGroupsRepository(tx), inbox: inboxOver(tx, clock, config.inboxFillBatch), db: tx }),
      ),
  });
  const tenants = createTenantsService({
    tenants: createTenantsRepository(db),
    emailTaken: async (email) => (await createUsersRepository(db).takenIdentifiers({ email, username: null })).email,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          tenants: createTenantsRepository(tx),
          addAccount: async (tenantId, account) => {
            const [created] = await createAccounts(tx, tenantId, [account]);
            if (!created) throw new Error('account insert returned nothing');
            return created.id;
          },
          audit: createAuditLog(tx),
        }),
      ),
    people,
    invite: auth.invite,
    removeFiles: async (keys) => {
      for (const key of keys) await store.remove(key);
    },
    topFive: stats.topFive,
    clock,
  });
  const users = createUsersService({
    repo: createUsersRepository(db),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ repo: createUsersRepository(tx), links: createAuthRepository(tx), audit: createAuditLog(tx) }),
      ),
    me: auth.me,
    files,
    limiter,
    mailer,
    clock,
    config,
  });

  const sso = createSsoService({
    repo: createSsoRepository(db),
    transaction: (fn) => db.transaction((tx) => fn({ repo: createSsoRepository(tx), audit: createAuditLog(tx) })),
    audit: createAuditLog(db),
    box: secretBox(await secretsKey(config.secretsKey, config.dataDir)),
    clock,
    limiter,
    config,
    groupsExisting: (tenantId, groupIds) => createGroupsRepository(db).existing(tenantId, groupIds),
    accountByEmail: (email) => createAuthRepository(db).findAccount(email),
    accountById: (tenantId, userId) => createAuthRepository(db).findAccountById(tenantId, userId),
    createPerson: people.createFromProvider,
    setProviderGroups: people.setProviderGroups,
    setAttributes: people.setAttributes,
    signInVouched: auth.signInVouched,
    log: app.log,
  });

  // Directory sync's tokens; the protocol's routes admit a directory's call with scimTokens.authenticate.
  const scimTokens = createScimTokenService({
    repo: createScimTokenRepository(db),
    transaction: (fn) => db.transaction((tx) => fn({ repo: createScimTokenRepository(tx), audit: createAuditLog(tx) })),
    clock,
  });

  const directory = createDirectoryService({
    repo: createDirectoryRepository(db),
    repoOver: createDirectoryRepository,
    people,
    groups,
    signsInThroughProvider: async (email) => (await ssoEntry(email)) !== undefined,
    clock,
    publicUrl: config.publicUrl,
  });

  const system = createSystem({
    mailer,
    emailOf: async (ctx) => (await auth.me(ctx)).email,
    audit: { page: createAuditLog(reads.db).page, record: createAuditLog(db).record },
    jobs,
    deliveries: notifications.deliveryTotals,
    publicUrl: config.publicUrl,
    installation: {
      version,
      database: database.driver === 'pglite' ? 'embedded' : 'postgres',
      files: config.filesS3 ? 's3' : 'disk',
    },
    dump: database.dump,
  });

  await app.register(metricsPlugin, {
    token: config.metricsToken,
    sources: {
      connections: database.connections,
      replica: reads.replica,
      jobs: jobs.backlog,
      deliveries: notifications.deliveryBacklog,
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
      authGuard(api, auth);
      const scoped: ScopedContext = async (req) => ({
        ...req.ctx,
        tenantId: await tenants.scopeOf(req.ctx, (req.query as TenantScopeQuery).tenant),
      });
      refuseForeignIdFilters(api, { scoped, countOfTenant: (...args) => countOfTenant(db, ...args) });
      await api.register(healthRoutes, { database, lifecycle, version, startedAt });
      await api.register(authRoutes, {
        auth,
        secureCookies: config.publicUrl.startsWith('https:'),
        webManifest: await readWebManifest(webRoot),
      });
      await api.register(filesRoutes, { files, scoped });
      await api.register(contentRoutes, { content });
      await api.register(formsRoutes, { forms });
      await api.register(contentStaffRoutes, { staff: contentStaff, scoped });
      await api.register(moderationRoutes, { staff: moderation, scoped });
      await api.register(promotionsRoutes, { staff: promotions });
      await api.register(formsStaffRoutes, { answers: formsStaff, scoped });
      await api.register(contentStatsRoutes, { stats: contentStats, scoped });
      await api.register(usersRoutes, { users });
      await api.register(peopleRoutes, { people, groups, scoped });
      await api.register(tenantsRoutes, { tenants });
      await api.register(statsRoutes, { stats, scoped });
      await api.register(profileRoutes, { profile });
      await api.register(notificationsRoutes, { notifications, scoped });
      await api.register(systemRoutes, { system });
      await api.register(ssoRoutes, { sso, scoped });
      await api.register(scimTokenRoutes, { tokens: scimTokens, scoped });
    },
    { prefix: API_PREFIX },
  );
  await app.register(scimDirectoryRoutes, {
    prefix: SCIM_PREFIX,
    directory,
    authenticate: scimTokens.authenticate,
  });
  await app.register(staticWebPlugin, { root: webRoot });

  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });

  return Object.assign(app, {
    /** Stopping (SIGTERM): readiness answers 503 so the balancer sends new requests elsewhere. */
    drain() {
      lifecycle.draining = true;
    },
    services: {
      auth,
      files,
      content,
      contentStaff,
      forms,
      formsStaff,
      authoring,
      profile,
      users,
      people,
      groups,
      tenants,
      jobs,
      notifications,
      limiter,
      scimTokens,
    },
  });
}
export type App = Awaited<ReturnType<typeof buildApp>>;
