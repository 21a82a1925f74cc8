import type { Language } from '@kanal/contract';
import type { DbOrTx } from '../../db/client.js';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { AttributesRepository } from './attributes.repository.js';
import type { GroupsRepository } from './groups.repository.js';
import type { UsersRepository } from './users.repository.js';

// The types the people service and its spreadsheets part (spreadsheets/people-transfer.ts) share: here,
// so that the part does not import the service that builds it.

/**
 * The repositories (and the inbox) a people transaction is bound to, and the transaction itself, which a
 * caller's own rows written with the person's change use (`Alongside`).
 */
export type PeopleRepos = {
  users: UsersRepository;
  groups: GroupsRepository;
  attributes: AttributesRepository;
  inbox: Inbox;
  audit: AuditLog;
  db: DbOrTx;
};
/** Runs `fn` in one transaction, with repositories (and the inbox) bound to it. */
export type PeopleTransaction = <T>(fn: (repos: PeopleRepos) => Promise<T>) => Promise<T>;
/**
 * The admin making a change, and the language of the mails it sends. `userId` null: the organisation's
 * directory (SCIM), acting with an ADMIN's rights and audited as `by: null`.
 */
export type Actor = Pick<RequestContext, 'tenantId' | 'role'> & { userId: number | null; lang: Language };

/**
 * What a caller writes of its own in the transaction that changes a person or a group, so that both are
 * kept or neither is (a directory's name for the person): called with the transaction and the id.
 */
export type Alongside = (db: DbOrTx, id: number) => Promise<void>;
