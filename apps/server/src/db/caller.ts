import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { appUser, session, tenant } from './schema/index.js';

// The session check as a subquery, so that a hot route's own statement can carry it and the request
// costs one round trip instead of two (plugins/request-context.ts, `sessionInStatement`). The auth
// module's lookup of a bearer token runs the same subquery, so there is one definition of "a live
// session": not revoked, not expired, its user and its tenant active.

/** Statement parameters every caller-carrying statement takes. */
export const callerPlaceholders = {
  tenantId: sql.placeholder('tenantId'),
  tokenHash: sql.placeholder('tokenHash'),
  now: sql.placeholder('now'),
};

/**
 * The live session of (tenantId, tokenHash) at `now`: at most one row (session_tenant_id_token_hash_key).
 * Its columns are aliased so that a statement may join it beside tables with the same column names.
 */
export const liveCaller = new QueryBuilder({ casing: 'snake_case' })
  .select({
    sessionId: sql<number>`${session.id}`.as('caller_session_id'),
    tenantId: sql<number>`${session.tenantId}`.as('caller_tenant_id'),
    userId: sql<number>`${session.userId}`.as('caller_user_id'),
    role: sql<(typeof appUser.role.enumValues)[number]>`${appUser.role}`.as('caller_role'),
    rememberMe: sql<boolean>`${session.rememberMe}`.as('caller_remember_me'),
    lastSeenAt: sql<Date>`${session.lastSeenAt}`.mapWith(session.lastSeenAt).as('caller_last_seen_at'),
  })
  .from(session)
  .innerJoin(appUser, and(eq(appUser.tenantId, session.tenantId), eq(appUser.id, session.userId)))
  .innerJoin(tenant, eq(tenant.id, session.tenantId))
  .where(
    and(
      eq(session.tenantId, callerPlaceholders.tenantId),
      eq(session.tokenHash, callerPlaceholders.tokenHash),
      isNull(session.revokedAt),
      gt(session.expiresAt, callerPlaceholders.now),
      eq(appUser.active, true),
      eq(tenant.active, true),
    ),
  )
  .as('caller');

/** The caller's columns, as a statement selects them next to its own (`caller: callerColumns`). */
export const callerColumns = {
  sessionId: liveCaller.sessionId,
  tenantId: liveCaller.tenantId,
  userId: liveCaller.userId,
  role: liveCaller.role,
  rememberMe: liveCaller.rememberMe,
  lastSeenAt: liveCaller.lastSeenAt,
};
export type CallerRow = {
  sessionId: number;
  tenantId: number;
  userId: number;
  role: (typeof appUser.role.enumValues)[number];
  rememberMe: boolean;
  lastSeenAt: Date;
};
