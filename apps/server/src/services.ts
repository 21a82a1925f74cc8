import path from 'node:path';
import { ITEM_SNAPSHOT_TTL_MS } from '@kanal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createContentServices, inboxOver } from './content-services.js';
import type { Database } from './db/client.js';
import type { ReadInBatches } from './db/cursor.js';
import { AppError } from './lib/app-error.js';
import type { Clock } from './lib/clock.js';
import { secretBox, secretsKey } from './lib/secret-box.js';
import { createAuditLog } from './modules/audit/audit.service.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createAuthoringRepository } from './modules/authoring/authoring.repository.js';
import { createContentStaff } from './modules/authoring/authoring.service.js';
import { defineScheduleJobs, tellOne } from './modules/authoring/authoring-schedule.js';
import { createCertificatesRepository } from './modules/certificates/certificates.repository.js';
import { createCertificates } from './modules/certificates/certificates.service.js';
import { createContentRepository } from './modules/content/content.repository.js';
import { diskFileStore, type FileStore } from './modules/files/file-store.js';
import { createFilesRepository } from './modules/files/files.repository.js';
import { createFilesService } from './modules/files/files.service.js';
import { defineFilesSweep } from './modules/files/files-sweep.js';
import { defineInboxFillJob } from './modules/inbox/inbox.service.js';
import { createContentStatsRepository } from './modules/item-stats/item-stats.repository.js';
import { createContentStats } from './modules/item-stats/item-stats.service.js';
import { createJobsRepository } from './modules/jobs/jobs.repository.js';
import { createJobs } from './modules/jobs/jobs.service.js';
import { createMailer } from './modules/mail/mail.service.js';
import { type MailTransport, outboxTransport, smtpTransport } from './modules/mail/mail-transport.js';
import { createModerationRepository } from './modules/moderation/moderation.repository.js';
import { createModeration } from './modules/moderation/moderation.service.js';
import { createNotifications } from './modules/notifications/notifications.service.js';
import { createProfileRepository } from './modules/profile/profile.repository.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createPromotionsRepository } from './modules/promotions/promotions.repository.js';
import { createPromotions } from './modules/promotions/promotions.service.js';
import { createBankRepository } from './modules/question-bank/question-bank.repository.js';
import { createQuestionBank } from './modules/question-bank/question-bank.service.js';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.js';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service.js';
import { createReviewRepository } from './modules/review/review.repository.js';
import { createReview } from './modules/review/review.service.js';
import { createDirectoryRepository } from './modules/scim/scim-directory.repository.js';
import { createDirectoryService } from './modules/scim/scim-directory.service.js';
import { createScimTokenRepository } from './modules/scim/scim-tokens.repository.js';
import { createScimTokenService } from './modules/scim/scim-tokens.service.js';
import { createSsoRepository } from './modules/sso/sso.repository.js';
import { createSsoService, signInEntryOf } from './modules/sso/sso.service.js';
import { createStatsRepository } from './modules/stats/stats.repository.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { createSystem } from './modules/system/system.service.js';
import { createTenantsRepository } from './modules/tenants/tenants.repository.js';
import { createTenantsService } from './modules/tenants/tenants.service.js';
import { createUsersService } from './modules/users/account/users.service.js';
import { createAccounts } from './modules/users/accounts.js';
import { createAttributesRepository } from './modules/users/attributes.repository.js';
import { createGroupsRepository } from './modules/users/groups.repository.js';
import { createGroupsService } from './modules/users/groups.service.js';
import { createPeopleService } from './modules/users/people.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';

export type ServicesDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  /** Defaults from the config: SMTP when SMTP_URL is set, otherwise files in DATA_DIR/outbox. */
  mailTransport: MailTransport | undefined;
  fileStore: FileStore | undefined;
  log: FastifyBaseLogger;
  /** This build's version, as the operator's installation page shows it. */
  version: string;
};

/**
 * Every module of the product, each handed what it needs of the others (ADR 0007: modules talk through what they
 * are handed); app.ts puts the HTTP routes in front of them.
 */
export async function createServices({
  config,
  database,
  clock,
  mailTransport,
  fileStore,
  log,
  version,
}: ServicesDeps) {
  const { db, reads } = database;
  // Exports, statistics and the audit log read where the heavy reads go: a replica when there is one.
  const exportReads: ReadInBatches = (query) => reads.readSorted(query, config.exportBatch);
  database.onConnectionLost((err) => log.warn({ err }, 'database connection lost; it is reopened when next needed'));
  reads.onReplicaChange(({ state, lagSeconds }, err) =>
    (state === 'in step' ? log.info : log.warn).call(
      log,
      { err, lagSeconds },
      `database replica ${state}: ${state === 'in step' ? 'heavy reads go to it' : 'heavy reads go to the primary'}`,
    ),
  );
  const jobs = createJobs({ db, clock, log });
  const transport =
    mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : outboxTransport(path.join(config.dataDir, 'outbox'), log));
  const mailer = createMailer({ db, jobs, transport, clock });
  const limiter = createRateLimiter({ repo: createRateLimitRepository(db), clock });
  const notifications = createNotifications({
    db,
    jobs,
    mailTransport: transport,
    limiter,
    clock,
    log,
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
  const reviewRepo = createReviewRepository(db);
  const contentStaff = createContentStaff({
    authoring,
    repo: authoringRepo,
    reads: contentRepo,
    filesOf: files.kinds,
    fileStored: files.stored,
    audit: createAuditLog(db),
    filling: inboxOver(db, clock).filling,
    kickJobs: jobs.kick,
    reviewPolicy: reviewRepo,
    clock,
  });
  const review = createReview({
    repo: reviewRepo,
    transaction: (fn) => db.transaction((tx) => fn({ repo: createReviewRepository(tx), audit: createAuditLog(tx) })),
    itemOf: contentStaff.get,
    decide: authoring.decide,
    kickJobs: jobs.kick,
    clock,
  });
  const certificates = createCertificates({
    repo: createCertificatesRepository(db),
    transaction: (fn) =>
      db.transaction((tx) => fn({ repo: createCertificatesRepository(tx), audit: createAuditLog(tx) })),
    logoOf: async (tenantId) => {
      const logo = await files.tenantLogo({ tenantId }, tenantId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NotFound') return null;
        throw error;
      });
      // A PDF draws PNG and JPEG; another kind of logo (SVG) leaves the organisation's name in its place.
      if (!logo || !['image/png', 'image/jpeg'].includes(logo.file.mime)) return null;
      return Buffer.concat(await (await logo.open()).toArray());
    },
    publicUrl: config.publicUrl,
    clock,
  });
  const moderation = createModeration({
    repo: createModerationRepository(db),
    creatorOf: async (tenantId, contentId) => (await authoringRepo.find(tenantId, contentId, clock.now()))?.creatorId,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          comments: createContentRepository(tx),
          audit: createAuditLog(tx),
          tellReply: (reply) =>
            tellOne(createAuthoringRepository(tx), createJobsRepository(tx), { ...reply, kind: 'reply' }),
        }),
      ),
    clock,
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
    log,
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
  const fileSweep = defineFilesSweep({ db, jobs, store, clock });

  return {
    auth,
    files,
    fileSweep,
    content,
    contentStaff,
    review,
    certificates,
    questionBank: createQuestionBank({ repo: createBankRepository(db) }),
    moderation,
    promotions,
    forms,
    formsStaff,
    contentStats,
    authoring,
    profile,
    users,
    people,
    groups,
    tenants,
    stats,
    jobs,
    notifications,
    limiter,
    mailer,
    scimTokens,
    sso,
    directory,
    system,
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
