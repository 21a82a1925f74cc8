import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { appUser, passwordToken, session, tenant } from '../../db/schema/index.js';

const accountColumns = {
  id: appUser.id,
  tenantId: appUser.tenantId,
  name: appUser.name,
  email: appUser.email,
  username: appUser.username,
  role: appUser.role,
  passwordHash: appUser.passwordHash,
  // An account can act only while both it and its tenant are active.
  active: sql<boolean>`${appUser.active} AND ${tenant.active}`,
  tenantName: tenant.name,
};
export type Account = {
  id: number;
  tenantId: number;
  name: string;
  email: string | null;
  username: string | null;
  role: (typeof appUser.role.enumValues)[number];
  passwordHash: string | null;
  active: boolean;
  tenantName: string;
};

export type NewSession = typeof session.$inferInsert;
export type NewPasswordToken = typeof passwordToken.$inferInsert;

// Every login-path call (has-password, sign-in, set-up, forgot-password) starts here.
const accountByIdentifier = preparedFor((db) =>
  db
    .select(accountColumns)
    .from(appUser)
    .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
    .where(
      or(
        sql`lower(${appUser.email}) = ${sql.placeholder('identifier')}`,
        sql`lower(${appUser.username}) = ${sql.placeholder('identifier')}`,
      ),
    )
    .limit(1)
    .prepare('auth_account_by_identifier'),
);

// Every API request looks its session up.
const liveSession = preparedFor((db) =>
  db
    .select({
      id: session.id,
      tenantId: session.tenantId,
      userId: session.userId,
      role: appUser.role,
      rememberMe: session.rememberMe,
      lastSeenAt: session.lastSeenAt,
    })
    .from(session)
    .innerJoin(appUser, and(eq(appUser.tenantId, session.tenantId), eq(appUser.id, session.userId)))
    .innerJoin(tenant, eq(tenant.id, session.tenantId))
    .where(
      and(
        eq(session.tokenHash, sql.placeholder('tokenHash')),
        isNull(session.revokedAt),
        gt(session.expiresAt, sql.placeholder('now')),
        eq(appUser.active, true),
        eq(tenant.active, true),
      ),
    )
    .prepare('auth_live_session'),
);

// The web app asks for the signed-in user on every start.
const me = preparedFor((db) =>
  db
    .select({
      id: appUser.id,
      name: appUser.name,
      email: appUser.email,
      username: appUser.username,
      phone: appUser.phone,
      avatar: appUser.avatar,
      role: appUser.role,
      tenant: { id: tenant.id, name: tenant.name, image: tenant.image, showPromoTag: tenant.showPromoTag },
    })
    .from(appUser)
    .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
    .where(and(eq(appUser.tenantId, sql.placeholder('tenantId')), eq(appUser.id, sql.placeholder('userId'))))
    .prepare('auth_me'),
);

export const createAuthRepository = (db: DbOrTx) => ({
  /** Identifiers are global: login has no tenant picker (DESIGN.md §4). */
  findAccount: (identifier: string): Promise<Account | undefined> =>
    accountByIdentifier(db)
      .execute({ identifier: identifier.toLowerCase() })
      .then((rows) => rows[0]),

  async findAccountById(tenantId: number, userId: number): Promise<Account | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(appUser)
      .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId)));
    return row;
  },

  async setPassword(tenantId: number, userId: number, passwordHash: string, at: Date): Promise<void> {
    await db
      .update(appUser)
      .set({ passwordHash, updatedAt: at })
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId)));
  },

  async insertSession(row: NewSession): Promise<number> {
    const [created] = await db.insert(session).values(row).returning({ id: session.id });
    if (!created) throw new Error('session insert returned nothing');
    return created.id;
  },

  /** The live session of a token: not revoked, not expired, its user and tenant active. */
  findLiveSession: (tokenHash: string, now: Date) =>
    liveSession(db)
      .execute({ tokenHash, now })
      .then((rows) => rows[0]),

  async extendSession(tenantId: number, id: number, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await db
      .update(session)
      .set({ lastSeenAt, expiresAt })
      .where(and(eq(session.tenantId, tenantId), eq(session.id, id)));
  },

  async revokeSession(tenantId: number, id: number, at: Date): Promise<void> {
    await db
      .update(session)
      .set({ revokedAt: at })
      .where(and(eq(session.tenantId, tenantId), eq(session.id, id), isNull(session.revokedAt)));
  },

  /** Ends every session of a user, except `keepId` (the one changing its password). */
  async revokeUserSessions(tenantId: number, userId: number, at: Date, keepId?: number): Promise<void> {
    await db
      .update(session)
      .set({ revokedAt: at })
      .where(
        and(
          eq(session.tenantId, tenantId),
          eq(session.userId, userId),
          isNull(session.revokedAt),
          keepId === undefined ? undefined : ne(session.id, keepId),
        ),
      );
  },

  async insertPasswordToken(row: NewPasswordToken): Promise<void> {
    await db.insert(passwordToken).values(row);
  },

  /** Marks a link used and returns it, in one statement: two clicks can never both succeed. */
  async consumePasswordToken(tokenHash: string, purpose: 'activate' | 'reset', now: Date) {
    const [row] = await db
      .update(passwordToken)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordToken.tokenHash, tokenHash),
          eq(passwordToken.purpose, purpose),
          isNull(passwordToken.usedAt),
          gt(passwordToken.expiresAt, now),
        ),
      )
      .returning({
        tenantId: passwordToken.tenantId,
        userId: passwordToken.userId,
        pendingPasswordHash: passwordToken.pendingPasswordHash,
      });
    return row;
  },

  /** A new password voids every other link still out for the account. */
  async voidPasswordTokens(tenantId: number, userId: number, now: Date): Promise<void> {
    await db
      .update(passwordToken)
      .set({ usedAt: now })
      .where(and(eq(passwordToken.tenantId, tenantId), eq(passwordToken.userId, userId), isNull(passwordToken.usedAt)));
  },

  findMe: (tenantId: number, userId: number) =>
    me(db)
      .execute({ tenantId, userId })
      .then((rows) => rows[0]),
});
export type AuthRepository = ReturnType<typeof createAuthRepository>;
