import type { Language } from '@kanal/contract';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type CallerRow, callerColumns, liveCaller } from '../../db/caller.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import {
  appUser,
  loginIdentifier,
  passwordToken,
  personActivity,
  session,
  tenant,
  tenantSummaryColumns,
  trustedDevice,
} from '../../db/schema/index.js';

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
  tenantColor: tenant.primaryColor,
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
  tenantColor: string | null;
};

export type NewSession = typeof session.$inferInsert;
/** The session row as an UPDATE found it, before its SET (a self-join: the old values, in one statement). */
const sessionBefore = alias(session, 'session_before');
export type NewPasswordToken = typeof passwordToken.$inferInsert;

// Every login-path call (has-password, sign-in, set-up, forgot-password) starts here.
const accountByIdentifier = preparedFor((db) =>
  db
    .select(accountColumns)
    .from(loginIdentifier)
    .innerJoin(appUser, and(eq(appUser.tenantId, loginIdentifier.tenantId), eq(appUser.id, loginIdentifier.userId)))
    .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
    .where(eq(loginIdentifier.identifier, sql.placeholder('identifier')))
    .prepare('auth_account_by_identifier'),
);

// Every API request that does not check its session in its own statement looks it up here.
const liveSession = preparedFor((db) => db.select(callerColumns).from(liveCaller).prepare('auth_live_session'));

const meColumns = {
  id: appUser.id,
  name: appUser.name,
  email: appUser.email,
  username: appUser.username,
  phone: appUser.phone,
  avatar: appUser.avatar,
  role: appUser.role,
};

// A user's own data, as the users module answers after changing it.
const me = preparedFor((db) =>
  db
    .select({ ...meColumns, tenant: tenantSummaryColumns })
    .from(appUser)
    .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
    .where(and(eq(appUser.tenantId, sql.placeholder('tenantId')), eq(appUser.id, sql.placeholder('userId'))))
    .prepare('auth_me'),
);

// The web app asks for the signed-in user on every start: the session check rides in the same statement.
const meWithSession = preparedFor((db) =>
  db
    .select({ caller: callerColumns, me: meColumns, tenant: tenantSummaryColumns })
    .from(liveCaller)
    .innerJoin(appUser, and(eq(appUser.tenantId, liveCaller.tenantId), eq(appUser.id, liveCaller.userId)))
    .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
    .prepare('auth_me_with_session'),
);

export const createAuthRepository = (db: DbOrTx) => ({
  /** Identifiers are global: login has no tenant picker (DESIGN.md §4), so an identifier names one account. */
  findAccount: (identifier: string): Promise<Account | undefined> =>
    accountByIdentifier(db)
      .execute({ identifier: identifier.toLowerCase() })
      .then((rows) => rows[0]),

  /** The accounts of one tenant with these ids (others are left out). */
  findAccountsByIds: (tenantId: number, userIds: number[]): Promise<Account[]> =>
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select(accountColumns)
          .from(appUser)
          .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
          .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, userIds))),

  async findAccountById(tenantId: number, userId: number): Promise<Account | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(appUser)
      .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId)));
    return row;
  },

  /**
   * Locked out until they set up again with a new link or code: no password, no session (ended at their
   * next request) and no trusted browser. A username-only account an admin resets, or any account an
   * admin locks because it may be compromised.
   */
  async lockAccounts(tenantId: number, userIds: number[], at: Date): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .update(appUser)
      .set({ passwordHash: null, updatedAt: at })
      .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, userIds)));
    await db
      .update(session)
      .set({ revokedAt: at, idTokenSealed: null })
      .where(and(eq(session.tenantId, tenantId), inArray(session.userId, userIds), isNull(session.revokedAt)));
    await db
      .delete(trustedDevice)
      .where(and(eq(trustedDevice.tenantId, tenantId), inArray(trustedDevice.userId, userIds)));
  },

  /** A new password: browsers that signed in with the old one lose their own failure limit. */
  async forgetTrustedDevices(tenantId: number, userId: number): Promise<void> {
    await db.delete(trustedDevice).where(and(eq(trustedDevice.tenantId, tenantId), eq(trustedDevice.userId, userId)));
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
  findLiveSession: (tenantId: number, tokenHash: string, now: Date): Promise<CallerRow | undefined> =>
    liveSession(db)
      .execute({ tenantId, tokenHash, now })
      .then((rows) => rows[0]),

  async extendSession(tenantId: number, id: number, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await db
      .update(session)
      .set({ lastSeenAt, expiresAt })
      .where(and(eq(session.tenantId, tenantId), eq(session.id, id)));
  },

  /** That a person used the app on a day (YYYY-MM-DD); a second time that day changes nothing. */
  /** The language the person signed in with: their notices and e-mails speak it until they switch. */
  async setLanguage(tenantId: number, userId: number, language: Language): Promise<void> {
    await db
      .update(appUser)
      .set({ language })
      .where(and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId), ne(appUser.language, language)));
  },

  async recordActivity(tenantId: number, userId: number, day: string): Promise<void> {
    await db.insert(personActivity).values({ tenantId, userId, day }).onConflictDoNothing();
  },

  /**
   * Ends a session, once, and answers the identity provider it came through with its sealed ID token, which
   * leaves the row with it (its one use is the sign-out at the provider): `before` is the row as the
   * statement found it, so one statement both takes the token and clears it.
   */
  async revokeSession(
    tenantId: number,
    id: number,
    at: Date,
  ): Promise<{ providerId: number | null; idTokenSealed: string | null } | undefined> {
    const [row] = await db
      .update(session)
      .set({ revokedAt: at, idTokenSealed: null })
      .from(sessionBefore)
      .where(
        and(
          eq(session.tenantId, tenantId),
          eq(session.id, id),
          isNull(session.revokedAt),
          eq(sessionBefore.tenantId, session.tenantId),
          eq(sessionBefore.id, session.id),
        ),
      )
      .returning({ providerId: sessionBefore.providerId, idTokenSealed: sessionBefore.idTokenSealed });
    return row;
  },

  /** Ends every session of a user, except `keepId` (the one changing its password). */
  async revokeUserSessions(tenantId: number, userId: number, at: Date, keepId?: number): Promise<void> {
    await db
      .update(session)
      .set({ revokedAt: at, idTokenSealed: null })
      .where(
        and(
          eq(session.tenantId, tenantId),
          eq(session.userId, userId),
          isNull(session.revokedAt),
          keepId === undefined ? undefined : ne(session.id, keepId),
        ),
      );
  },

  /** Links' tokens, many at once (a batch of welcomes), a thousand to a statement. */
  async insertPasswordTokens(rows: NewPasswordToken[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insert(passwordToken).values(rows.slice(start, start + 1000));
    }
  },

  /** A new address's confirmation link (stored as its hash); the account's earlier ones stop working. */
  async replaceEmailChange(
    tenantId: number,
    userId: number,
    change: { email: string; tokenHash: string; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await db
      .update(passwordToken)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordToken.tenantId, tenantId),
          eq(passwordToken.userId, userId),
          eq(passwordToken.purpose, 'email_change'),
          isNull(passwordToken.usedAt),
        ),
      );
    await db.insert(passwordToken).values({ tenantId, userId, purpose: 'email_change', ...change });
  },

  /**
   * Marks a link used and returns it (with the new address an `email_change` link confirms), in one
   * statement: two clicks can never both succeed.
   */
  async consumePasswordToken(
    tenantId: number,
    tokenHash: string,
    purpose: 'activate' | 'reset' | 'email_change',
    now: Date,
  ) {
    const [row] = await db
      .update(passwordToken)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordToken.tenantId, tenantId),
          eq(passwordToken.tokenHash, tokenHash),
          eq(passwordToken.purpose, purpose),
          isNull(passwordToken.usedAt),
          gt(passwordToken.expiresAt, now),
        ),
      )
      .returning({ tenantId: passwordToken.tenantId, userId: passwordToken.userId, email: passwordToken.email });
    return row;
  },

  /** A new password, or a new link, voids every other link and code still out for these accounts. */
  async voidPasswordTokens(tenantId: number, userIds: number[], now: Date): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .update(passwordToken)
      .set({ usedAt: now })
      .where(
        and(eq(passwordToken.tenantId, tenantId), inArray(passwordToken.userId, userIds), isNull(passwordToken.usedAt)),
      );
  },

  /** New activation codes for accounts of one tenant; each one's earlier code stops working. */
  async replaceActivationCodes(tenantId: number, rows: { userId: number; codeHash: string; expiresAt: Date }[]) {
    if (rows.length === 0) return;
    await db.delete(passwordToken).where(
      and(
        eq(passwordToken.tenantId, tenantId),
        inArray(
          passwordToken.userId,
          rows.map((row) => row.userId),
        ),
        eq(passwordToken.purpose, 'activation_code'),
      ),
    );
    for (let start = 0; start < rows.length; start += 1000) {
      await db.insert(passwordToken).values(
        rows.slice(start, start + 1000).map((row) => ({
          tenantId,
          userId: row.userId,
          purpose: 'activation_code' as const,
          tokenHash: row.codeHash,
          expiresAt: row.expiresAt,
        })),
      );
    }
  },

  /** Whether the account has an unused, unexpired activation code (the demo seed keeps one out). */
  async hasLiveActivationCode(tenantId: number, userId: number, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: passwordToken.id })
      .from(passwordToken)
      .where(
        and(
          eq(passwordToken.tenantId, tenantId),
          eq(passwordToken.userId, userId),
          eq(passwordToken.purpose, 'activation_code'),
          isNull(passwordToken.usedAt),
          gt(passwordToken.expiresAt, now),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Uses the account's code when it matches, in one statement: a code works once. */
  async consumeActivationCode(tenantId: number, userId: number, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(passwordToken)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordToken.tenantId, tenantId),
          eq(passwordToken.userId, userId),
          eq(passwordToken.purpose, 'activation_code'),
          eq(passwordToken.tokenHash, codeHash),
          isNull(passwordToken.usedAt),
          gt(passwordToken.expiresAt, now),
        ),
      )
      .returning({ id: passwordToken.id });
    return rows.length > 0;
  },

  async findTrustedDevice(tenantId: number, tokenHash: string, now: Date) {
    const [row] = await db
      .select({ tenantId: trustedDevice.tenantId, id: trustedDevice.id, userId: trustedDevice.userId })
      .from(trustedDevice)
      .where(
        and(
          eq(trustedDevice.tenantId, tenantId),
          eq(trustedDevice.tokenHash, tokenHash),
          gt(trustedDevice.expiresAt, now),
        ),
      );
    return row;
  },

  async insertTrustedDevice(row: typeof trustedDevice.$inferInsert): Promise<void> {
    await db.insert(trustedDevice).values(row);
  },

  findMe: (tenantId: number, userId: number) =>
    me(db)
      .execute({ tenantId, userId })
      .then((rows) => rows[0]),

  findMeWithSession: (tenantId: number, tokenHash: string, now: Date) =>
    meWithSession(db)
      .execute({ tenantId, tokenHash, now })
      .then((rows) => rows[0]),
});
export type AuthRepository = ReturnType<typeof createAuthRepository>;
