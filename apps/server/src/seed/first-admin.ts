import { WELCOME_LINK_TTL_MS } from '@kanal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { appUser, tenant } from '../db/schema/index.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { createAuditLog } from '../modules/audit/audit.service.js';
import { createAuthRepository } from '../modules/auth/auth.repository.js';
import { createAccounts } from '../modules/users/accounts.js';

/** Whether anyone can run the install: without a SUPERADMIN, nobody can sign in to create the rest. */
export async function hasSuperadmin(db: DbOrTx): Promise<boolean> {
  const [found] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.role, 'SUPERADMIN')).limit(1);
  return found !== undefined;
}

/** What an operator runs to create the first SUPERADMIN (README, "Start"); the start-up banner shows it. */
export const FIRST_ADMIN_COMMAND = 'npm run admin:create -- --email you@example.com --tenant "Your organisation"';

export class FirstAdminRefused extends Error {}

/**
 * A real install's way in (DESIGN.md §6): the provider's organisation and its first SUPERADMIN, without a
 * password, in one transaction, and a one-time welcome link (as an admin's welcome mail carries) on whose
 * page they choose the password. The link is answered to the operator who ran the command, never logged
 * or mailed. Refused once a SUPERADMIN exists: from then on, the console adds people.
 */
export async function createFirstAdmin(
  db: Db,
  { email, name, tenantName, publicUrl }: { email: string; name: string; tenantName: string; publicUrl: string },
  now = new Date(),
): Promise<{ link: string }> {
  const token = await db
    .transaction(async (tx) => {
      // Two operators at once: one creates, the other then finds a SUPERADMIN.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kanal:first-admin'))`);
      if (await hasSuperadmin(tx)) {
        throw new FirstAdminRefused('a SUPERADMIN exists already: sign in as one, or use "Forgot password"');
      }
      const [provider] = await tx.insert(tenant).values({ name: tenantName }).returning({ id: tenant.id });
      if (!provider) throw new Error('tenant insert returned nothing');
      const [admin] = await createAccounts(tx, provider.id, [{ email, name, role: 'SUPERADMIN', passwordHash: null }]);
      if (!admin) throw new Error('account insert returned nothing');
      const secret = newToken(provider.id);
      await createAuthRepository(tx).insertPasswordTokens([
        {
          tenantId: provider.id,
          userId: admin.id,
          purpose: 'reset',
          tokenHash: hashToken(secret),
          expiresAt: new Date(now.getTime() + WELCOME_LINK_TTL_MS),
        },
      ]);
      const by = { by: 'npm run admin:create' };
      await createAuditLog(tx).record(
        { event: 'tenant.created', tenantId: provider.id, details: by },
        { event: 'user.created', tenantId: provider.id, userId: admin.id, details: by },
      );
      return secret;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new FirstAdminRefused(`${email} or "${tenantName}" is taken already`);
      throw error;
    });
  return { link: `${publicUrl}/welcome/${token}` };
}
