import type { Tx } from '../../db/client.js';
import { createUsersRepository, type NewAccount } from './users.repository.js';

export type { NewAccount };

/**
 * Creates accounts of one tenant, each with its sign-in identifiers (login_identifier), in the caller's
 * transaction. The demo seed and the test and end-to-end fixtures use it today; the admin API will call
 * the same, so no account exists without its identifiers. An e-mail or username that another account
 * already has, in any tenant, throws a unique violation.
 */
export function createAccounts(tx: Tx, tenantId: number, accounts: NewAccount[]) {
  return createUsersRepository(tx).insertAccounts(tenantId, accounts);
}
