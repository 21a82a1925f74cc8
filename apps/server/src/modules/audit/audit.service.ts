import type { AuditEvent, LogEntry, LogList } from '@kanal/contract';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, auditLog, content, tenant, userGroup } from '../../db/schema/index.js';

export type { AuditEvent };

/** The ids of one kind an entry's details name: a number, or a list of numbers. */
const idsIn = (details: Record<string, unknown> | null, key: string): number[] => {
  const value = details?.[key];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((id): id is number => Number.isInteger(id));
};

export type AuditEntry = {
  event: AuditEvent;
  tenantId?: number | null;
  userId?: number | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/**
 * The trail of security events (sign-ins, resets, password changes, an admin's changes to people, whose
 * author is `details.by`); written in the caller's transaction.
 */
export const createAuditLog = (db: DbOrTx) => ({
  async record(...entries: AuditEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += 1000) {
      await db.insert(auditLog).values(
        entries.slice(start, start + 1000).map((entry) => ({
          event: entry.event,
          tenantId: entry.tenantId ?? null,
          userId: entry.userId ?? null,
          ip: entry.ip ?? null,
          details: entry.details ?? null,
        })),
      );
    }
  },

  /** The operator's read (GET /logs): newest first, filtered; each entry with its organisation and person named. */
  async page(
    filter: { tenantId?: number; userId?: number; event?: string; from?: Date; to?: Date },
    page: { limit: number; offset: number },
  ): Promise<LogList> {
    const where = and(
      filter.tenantId === undefined ? undefined : eq(auditLog.tenantId, filter.tenantId),
      filter.userId === undefined ? undefined : eq(auditLog.userId, filter.userId),
      filter.event === undefined ? undefined : eq(auditLog.event, filter.event),
      filter.from === undefined ? undefined : gte(auditLog.createdAt, filter.from),
      filter.to === undefined ? undefined : lte(auditLog.createdAt, filter.to),
    );
    const [rows, [totals]] = await Promise.all([
      db
        .select({
          id: auditLog.id,
          at: auditLog.createdAt,
          event: auditLog.event,
          tenantId: auditLog.tenantId,
          tenantName: tenant.name,
          userId: auditLog.userId,
          userName: appUser.name,
          ip: auditLog.ip,
          details: auditLog.details,
        })
        .from(auditLog)
        .leftJoin(tenant, eq(tenant.id, auditLog.tenantId))
        .leftJoin(appUser, and(eq(appUser.tenantId, auditLog.tenantId), eq(appUser.id, auditLog.userId)))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(auditLog)
        .where(where),
    ]);
    // What the details point at, named in one query a kind (ids are unique across organisations).
    const all = (key: string) => [...new Set(rows.flatMap((r) => idsIn(r.details, key)))];
    const personIds = [...new Set([...all('by'), ...all('of'), ...all('userId')])];
    const [people, contents, groups, tenants] = await Promise.all([
      personIds.length === 0
        ? []
        : db
            .select({ id: appUser.id, name: appUser.name, tenant: { id: tenant.id, name: tenant.name } })
            .from(appUser)
            .innerJoin(tenant, eq(tenant.id, appUser.tenantId))
            .where(inArray(appUser.id, personIds)),
      all('contentId').length === 0
        ? []
        : db
            .select({ id: content.id, name: content.name })
            .from(content)
            .where(inArray(content.id, all('contentId'))),
      all('groupId').length === 0
        ? []
        : db
            .select({ id: userGroup.id, name: userGroup.name })
            .from(userGroup)
            .where(inArray(userGroup.id, all('groupId'))),
      all('tenantIds').length === 0
        ? []
        : db
            .select({ id: tenant.id, name: tenant.name })
            .from(tenant)
            .where(inArray(tenant.id, all('tenantIds'))),
    ]);
    const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((row) => [row.id, row]));
    const [peopleById, contentById, groupsById, tenantsById] = [
      byId(people),
      byId(contents),
      byId(groups),
      byId(tenants),
    ];
    const ref = (names: Map<number, { name: string }>, id: number | undefined) =>
      id === undefined ? null : { id, name: names.get(id)?.name ?? null };
    const items: LogEntry[] = rows.map((r) => {
      const [by] = idsIn(r.details, 'by');
      const [of] = [...idsIn(r.details, 'of'), ...idsIn(r.details, 'userId')];
      return {
        id: r.id,
        at: r.at.toISOString(),
        event: r.event,
        tenant: r.tenantId === null ? null : { id: r.tenantId, name: r.tenantName ?? '' },
        user: r.userId === null ? null : { id: r.userId, name: r.userName },
        ip: r.ip,
        details: r.details ? JSON.stringify(r.details) : null,
        by: by === undefined ? null : { id: by, name: null, tenant: null, ...peopleById.get(by) },
        person: ref(peopleById, of),
        content: ref(contentById, idsIn(r.details, 'contentId')[0]),
        group: ref(groupsById, idsIn(r.details, 'groupId')[0]),
        tenants: idsIn(r.details, 'tenantIds').map((id) => ({ id, name: tenantsById.get(id)?.name ?? null })),
      };
    });
    return { count: totals?.count ?? 0, items };
  },
});
export type AuditLog = ReturnType<typeof createAuditLog>;
