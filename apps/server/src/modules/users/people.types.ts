import type { Language } from '@kanal/contract';
import type { RequestContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { Inbox } from '../inbox/inbox.service.js';
import type { GroupsRepository } from './groups.repository.js';
import type { UsersRepository } from './users.repository.js';

// The types the people service and its spreadsheets part (spreadsheets/people-transfer.ts) share: here,
// so that the part does not import the service that builds it.

/** The repositories (and the inbox) a people transaction is bound to. */
export type PeopleRepos = { users: UsersRepository; groups: GroupsRepository; inbox: Inbox; audit: AuditLog };
/** Runs `fn` in one transaction, with repositories (and the inbox) bound to it. */
export type PeopleTransaction = <T>(fn: (repos: PeopleRepos) => Promise<T>) => Promise<T>;
/** The admin making a change, and the language of the mails it sends. */
export type Actor = Pick<RequestContext, 'tenantId' | 'userId' | 'role'> & { lang: Language };
