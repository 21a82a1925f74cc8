import type { DbOrTx } from './db/client.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createAuditLog } from './modules/audit/audit.service.js';
import { createAuthoringRepository } from './modules/authoring/authoring.repository.js';
import { createContentAuthoring } from './modules/authoring/authoring-writes.js';
import { createContentRepository } from './modules/content/content.repository.js';
import { createContentService } from './modules/content/content.service.js';
import { createFilesRepository } from './modules/files/files.repository.js';
import { createFormsRepository } from './modules/forms/forms.repository.js';
import { createFormsService } from './modules/forms/forms.service.js';
import { createFormsStaff } from './modules/forms/forms-staff.js';
import { createInboxRepository } from './modules/inbox/inbox.repository.js';
import { createInbox } from './modules/inbox/inbox.service.js';
import { createJobsRepository } from './modules/jobs/jobs.repository.js';
import { createPromotionsRepository } from './modules/promotions/promotions.repository.js';
import { createUsersRepository } from './modules/users/users.repository.js';

// The content, forms and authoring services over the database or an open transaction: the app builds them,
// and so do the demo seed and the tests, which write content through the same services.

/** The inbox over the database or a transaction, its fill jobs scheduled in the same. */
export const inboxOver = (handle: DbOrTx, clock: Clock, fillBatch?: number) =>
  createInbox({ repo: createInboxRepository(handle), jobs: createJobsRepository(handle), clock, fillBatch });

/**
 * The content, forms and authoring services and the inbox they share, over the database or an open
 * transaction (the demo seed writes its content and the demo accounts' history through them, inside its
 * own transaction). Where a service writes in a transaction of its own, its inbox is bound to it.
 */
export function createContentServices(db: DbOrTx, clock: Clock = systemClock, fillBatch?: number) {
  const inboxOf = (handle: DbOrTx) => inboxOver(handle, clock, fillBatch);
  const contentRepo = createContentRepository(db);
  const content = createContentService({ repo: contentRepo, inbox: inboxOf(db), clock });
  const forms = createFormsService({
    // The inbox writes the steps of a submission's statement that lock and finish the caller's row.
    repo: createFormsRepository(db, inboxOf(db)),
    transaction: (fn) =>
      db.transaction((tx) => {
        const inbox = inboxOf(tx);
        return fn(createFormsRepository(tx, inbox), inbox);
      }),
    clock,
    getForm: content.getForm,
    assertVisible: content.assertVisible,
  });
  const formsStaff = createFormsStaff({
    repo: createFormsRepository(db, inboxOf(db)),
    transaction: (fn) =>
      db.transaction((tx) => {
        const inbox = inboxOf(tx);
        return fn(createFormsRepository(tx, inbox), inbox, createAuditLog(tx));
      }),
  });
  const authoring = createContentAuthoring({
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          repo: createAuthoringRepository(tx),
          inbox: inboxOf(tx),
          audit: createAuditLog(tx),
          jobs: createJobsRepository(tx),
          copies: createPromotionsRepository(tx),
          insertStandIn: createUsersRepository(tx).insertStandIn,
          shareFiles: createFilesRepository(tx).shareFiles,
        }),
      ),
  });
  return { content, contentRepo, forms, formsStaff, authoring };
}
