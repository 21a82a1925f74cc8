import type { FilterAttribute, Language, UserListQuery, UserSort, UserStatus } from '@kanal/contract';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notExists,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { appUser, content, groupMember, loginIdentifier, tenant } from '../../db/schema/index.js';
import { searchWords } from '../../db/search.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

export type NewAccount = Omit<typeof appUser.$inferInsert, 'tenantId'>;
/** GET /user's query, its filters by attribute optional: the audience search and a group's members have none. */
export type PeopleQuery = Omit<UserListQuery, FilterAttribute | 'manager'> &
  Partial<Pick<UserListQuery, FilterAttribute | 'manager'>>;
/** What an admin may change of an account (PATCH /user/{id}); the groups are the groups repository's. */
export type AccountChanges = Partial<Pick<NewAccount, 'name' | 'email' | 'username' | 'phone' | 'role' | 'active'>>;

const statusOf = sql<UserStatus>`CASE WHEN NOT ${appUser.active} THEN 'deactivated'
  WHEN ${appUser.passwordHash} IS NULL THEN 'invited' ELSE 'active' END`;
const STATUS_IS: Record<UserStatus, SQL | undefined> = {
  active: and(eq(appUser.active, true), isNotNull(appUser.passwordHash)),
  invited: and(eq(appUser.active, true), isNull(appUser.passwordHash)),
  deactivated: eq(appUser.active, false),
};
/**
 * The list's orders, each ending in the id so that pages never overlap. The name is the folded one, read
 * from `byName` (app_user's, or within a group the membership's copy, which its index keeps in order).
 */
const orderOf = (sort: UserSort, byName: SQLWrapper, id: SQLWrapper): SQL[] => {
  const [key, direction] = sort.startsWith('-') ? [sort.slice(1), desc] : [sort, asc];
  switch (key) {
    case 'email':
      return [sql`${appUser.email} ${sql.raw(direction === asc ? 'ASC' : 'DESC')} NULLS LAST`, direction(id)];
    case 'role':
      return [direction(appUser.role), asc(byName), asc(id)];
    case 'createdAt':
      return [direction(appUser.createdAt), direction(id)];
    // People without one come last either way.
    case 'department':
    case 'location': {
      const column = key === 'department' ? appUser.department : appUser.location;
      return [sql`${column} ${sql.raw(direction === asc ? 'ASC' : 'DESC')} NULLS LAST`, asc(byName), asc(id)];
    }
    default:
      return [direction(byName), direction(id)];
  }
};
/** A person as the admin console shows them, but their groups (the groups repository's). */
const personColumns = {
  id: appUser.id,
  name: appUser.name,
  email: appUser.email,
  username: appUser.username,
  phone: appUser.phone,
  role: appUser.role,
  status: statusOf,
  department: appUser.department,
  location: appUser.location,
  jobTitle: appUser.jobTitle,
  employeeNumber: appUser.employeeNumber,
  managerId: appUser.managerId,
  managerName: sql<string | null>`(SELECT m.name FROM app_user m
    WHERE m.tenant_id = "app_user"."tenant_id" AND m.id = "app_user"."manager_id")`,
  startDate: appUser.startDate,
  createdAt: appUser.createdAt,
};

export const createUsersRepository = (db: DbOrTx) => {
  const own = (tenantId: number, userId: number) => and(eq(appUser.tenantId, tenantId), eq(appUser.id, userId));

  /**
   * Makes the accounts' rows of login_identifier their lower-cased e-mail and username, after either
   * was written. An identifier that another account holds throws a unique violation (its primary key).
   */
  async function syncLoginIdentifiers(tenantId: number, userIds: number[]): Promise<void> {
    const accounts = sql`
      SELECT tenant_id, id, lower(email) AS email, lower(username) AS username
      FROM app_user WHERE tenant_id = ${tenantId} AND id IN ${userIds}`;
    await db.execute(sql`
      DELETE FROM login_identifier li USING (${accounts}) a
      WHERE li.tenant_id = a.tenant_id AND li.user_id = a.id
        AND li.identifier IS DISTINCT FROM a.email AND li.identifier IS DISTINCT FROM a.username`);
    await db.execute(sql`
      INSERT INTO login_identifier (identifier, tenant_id, user_id)
      SELECT DISTINCT i.identifier, a.tenant_id, a.id
      FROM (${accounts}) a CROSS JOIN LATERAL (VALUES (a.email), (a.username)) i (identifier)
      WHERE i.identifier IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM login_identifier li
        WHERE li.identifier = i.identifier AND li.tenant_id = a.tenant_id AND li.user_id = a.id)`);
  }

  return {
    /** New accounts of one tenant with their sign-in identifiers; call it in a transaction (accounts.ts). */
    async insertAccounts(tenantId: number, accounts: NewAccount[]) {
      const created = await db
        .insert(appUser)
        .values(accounts.map((account) => ({ ...account, tenantId })))
        .returning();
      await syncLoginIdentifiers(
        tenantId,
        created.map((account) => account.id),
      );
      return created;
    },

    async setName(tenantId: number, userId: number, name: string, at: Date): Promise<void> {
      await db.update(appUser).set({ name, updatedAt: at }).where(own(tenantId, userId));
    },

    async setPhone(tenantId: number, userId: number, phone: string | null, at: Date): Promise<void> {
      await db.update(appUser).set({ phone, updatedAt: at }).where(own(tenantId, userId));
    },

    async findCredentials(tenantId: number, userId: number) {
      const [row] = await db
        .select({ email: appUser.email, passwordHash: appUser.passwordHash })
        .from(appUser)
        .where(own(tenantId, userId));
      return row;
    },

    /** E-mails are global, like login (DESIGN.md §4): this looks across every tenant on purpose. */
    async isEmailTaken(email: string, tenantId: number, exceptUserId: number): Promise<boolean> {
      const [owner] = await db
        .select({ tenantId: loginIdentifier.tenantId, userId: loginIdentifier.userId })
        .from(loginIdentifier)
        .where(eq(loginIdentifier.identifier, email.toLowerCase()));
      return owner !== undefined && (owner.tenantId !== tenantId || owner.userId !== exceptUserId);
    },

    /**
     * With its sign-in identifier; call it in a transaction. 'taken' when another account got the address
     * first (login_identifier's primary key settles a race).
     */
    async setEmail(tenantId: number, userId: number, email: string, at: Date): Promise<'ok' | 'taken'> {
      try {
        await db.update(appUser).set({ email, updatedAt: at }).where(own(tenantId, userId));
        await syncLoginIdentifiers(tenantId, [userId]);
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** The first acceptance is the one that counts: a later call leaves it as it was. */
    async acceptTerms(tenantId: number, userId: number, at: Date): Promise<void> {
      await db
        .update(appUser)
        .set({ termsAcceptedAt: sql`coalesce(${appUser.termsAcceptedAt}, ${at})`, updatedAt: at })
        .where(own(tenantId, userId));
    },

    async setLanguage(tenantId: number, userId: number, language: Language): Promise<void> {
      await db.update(appUser).set({ language }).where(own(tenantId, userId));
    },

    async setAvatar(tenantId: number, userId: number, fileId: string, at: Date): Promise<void> {
      await db.update(appUser).set({ avatar: fileId, updatedAt: at }).where(own(tenantId, userId));
    },

    /**
     * GET /user: one page of the tenant's people and how many match, searched, filtered and sorted.
     * Within a group, the group's memberships are read first, by their own index (the person's folded
     * name is copied there); over the whole tenant, the trigram index finds the search's words.
     */
    async listPeople(tenantId: number, query: PeopleQuery, { namesOnly = false } = {}) {
      const inGroup = query.group;
      const byName = inGroup === undefined ? appUser.searchText : groupMember.searchText;
      const id = inGroup === undefined ? appUser.id : groupMember.userId;
      const excluded = alias(groupMember, 'excluded_member');
      const where = and(
        eq(appUser.tenantId, tenantId),
        ...searchWords(byName, query.q),
        // The folded text holds e-mails and usernames too: a search that shows no e-mail must not find by
        // one either. The index still finds the candidates; their names are checked after it.
        ...(namesOnly ? searchWords(sql`kanal_fold(${appUser.name})`, query.q) : []),
        query.role.length > 0 ? inArray(appUser.role, query.role) : undefined,
        query.status.length > 0 ? or(...query.status.map((status) => STATUS_IS[status])) : undefined,
        query.department?.length ? inArray(appUser.department, query.department) : undefined,
        query.location?.length ? inArray(appUser.location, query.location) : undefined,
        query.jobTitle?.length ? inArray(appUser.jobTitle, query.jobTitle) : undefined,
        query.manager === undefined ? undefined : eq(appUser.managerId, query.manager),
        query.notInGroup === undefined
          ? undefined
          : notExists(
              db
                .select({ one: sql`1` })
                .from(excluded)
                .where(
                  and(
                    eq(excluded.tenantId, appUser.tenantId),
                    eq(excluded.groupId, query.notInGroup),
                    eq(excluded.userId, appUser.id),
                  ),
                ),
            ),
      );
      const from = <T extends PgSelect>(select: T) =>
        inGroup === undefined
          ? select.where(where)
          : select
              .innerJoin(
                groupMember,
                and(
                  eq(groupMember.tenantId, appUser.tenantId),
                  eq(groupMember.userId, appUser.id),
                  eq(groupMember.groupId, inGroup),
                ),
              )
              .where(where);
      const page = <T extends PgSelect>(select: T) =>
        from(select)
          .orderBy(...orderOf(query.sort, byName, id))
          .limit(query.limit)
          .offset(query.offset);
      // Searched or within a group, the matches are few: the page brings their count along, one
      // statement. The whole tenant (perhaps by role or status) is counted and paged apart, each from an
      // index in order, rather than every row read to count beside the page.
      if (query.q || inGroup !== undefined || query.notInGroup !== undefined) {
        const found = await page(
          db
            .select({ ...personColumns, matching: sql<number>`count(*) over ()`.mapWith(Number) })
            .from(appUser)
            .$dynamic(),
        );
        const rows = found.map(({ matching: _, ...row }) => row);
        // A page past the end has no row to bring the count: it is counted below.
        if (found.length > 0 || query.offset === 0) return { count: found[0]?.matching ?? 0, rows };
      }
      const [counted] = await from(db.select({ count: sql<number>`count(*)::int` }).from(appUser).$dynamic());
      const rows = await page(db.select(personColumns).from(appUser).$dynamic());
      return { count: counted?.count ?? 0, rows };
    },

    /** The named people of the tenant (others are left out), in the order of the ids given. */
    async findPeople(tenantId: number, userIds: number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .select(personColumns)
        .from(appUser)
        .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, userIds)));
      return userIds.flatMap((id) => rows.filter((row) => row.id === id));
    },

    /**
     * An admin's change to an account, with its sign-in identifiers; call it in a transaction. 'taken'
     * when another account holds the new e-mail or username.
     */
    async changeAccount(tenantId: number, userId: number, changes: AccountChanges, at: Date): Promise<'ok' | 'taken'> {
      try {
        await db
          .update(appUser)
          .set({ ...changes, updatedAt: at })
          .where(own(tenantId, userId));
        if (changes.email !== undefined || changes.username !== undefined)
          await syncLoginIdentifiers(tenantId, [userId]);
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Reactivates these accounts of the tenant, in one statement (an action over a whole filtered list). */
    async reactivate(tenantId: number, userIds: number[], at: Date): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .update(appUser)
        .set({ active: true, updatedAt: at })
        .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, userIds)));
    },

    /** Whichever of an e-mail and a username another account already holds (login is global). */
    async takenIdentifiers(identifiers: { email: string | null; username: string | null }, exceptUserId?: number) {
      const wanted = [identifiers.email, identifiers.username].filter((value): value is string => value !== null);
      if (wanted.length === 0) return { email: false, username: false };
      const owners = await db
        .select({ identifier: loginIdentifier.identifier, userId: loginIdentifier.userId })
        .from(loginIdentifier)
        .where(inArray(loginIdentifier.identifier, wanted));
      const taken = (value: string | null) => owners.some((o) => o.identifier === value && o.userId !== exceptUserId);
      return { email: taken(identifiers.email), username: taken(identifiers.username) };
    },

    /** The tenant's people by id, with their groups' names: an export's one sorted read (db/cursor.ts). */
    exportInOrder(tenantId: number) {
      return db
        .select({
          ...personColumns,
          groups: sql<string>`coalesce((SELECT string_agg(g.name, ', ' ORDER BY kanal_fold(g.name))
            FROM group_member gm JOIN user_group g ON g.tenant_id = gm.tenant_id AND g.id = gm.group_id
            WHERE gm.tenant_id = "app_user"."tenant_id" AND gm.user_id = "app_user"."id"), '')`,
          // How the import's manager column names them, so that the export imports back.
          managerRef: sql<string | null>`(SELECT coalesce(m.email, m.username, m.employee_number) FROM app_user m
            WHERE m.tenant_id = "app_user"."tenant_id" AND m.id = "app_user"."manager_id")`,
        })
        .from(appUser)
        .where(eq(appUser.tenantId, tenantId))
        .orderBy(asc(appUser.id));
    },

    /**
     * Fresh statistics for app_user inside the caller's transaction, after it added many people (an
     * import). Each new inbox row's foreign key is checked by a plan the connection keeps; made while the
     * tenant had a handful of people it scans the table, and 10,000 inbox rows then cost 10,000 scans of
     * 10,000 people (seconds). ANALYZE counts the transaction's own rows and makes those plans anew.
     */
    async refreshStatistics(): Promise<void> {
      await db.execute(sql`ANALYZE app_user`);
    },

    /** Which accounts sign in with these (lower-cased) e-mails and usernames, in any tenant. */
    async identifierOwners(identifiers: string[]) {
      const owners = new Map<string, { tenantId: number; userId: number }>();
      if (identifiers.length === 0) return owners;
      const rows = await db
        .select({
          identifier: loginIdentifier.identifier,
          tenantId: loginIdentifier.tenantId,
          userId: loginIdentifier.userId,
        })
        .from(loginIdentifier)
        .where(inArray(loginIdentifier.identifier, [...new Set(identifiers)]));
      for (const { identifier, ...owner } of rows) owners.set(identifier, owner);
      return owners;
    },

    /** Of the given people, those who authored content: they cannot be deleted from under it. */
    async authorsAmong(tenantId: number, userIds: number[]): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: content.creatorId })
        .from(content)
        .where(and(eq(content.tenantId, tenantId), inArray(content.creatorId, userIds)));
      return rows.map((row) => row.id);
    },

    /** Deletes people of the tenant with everything that is theirs (cascades); how many there were. */
    async deletePeople(tenantId: number, userIds: number[]): Promise<number> {
      const deleted = await db
        .delete(appUser)
        .where(and(eq(appUser.tenantId, tenantId), inArray(appUser.id, userIds)))
        .returning({ id: appUser.id });
      return deleted.length;
    },

    /** The avatar's file id; undefined when the user is not in the tenant or has none. */
    async findAvatar(tenantId: number, userId: number): Promise<string | undefined> {
      const [row] = await db.select({ avatar: appUser.avatar }).from(appUser).where(own(tenantId, userId));
      return row?.avatar ?? undefined;
    },

    /**
     * The account standing for a provider in a tenant its promotions are copied to (inactive, without an
     * e-mail, username or password, so it signs in nowhere and receives nothing): content needs a creator
     * of its own tenant, and the provider's author is not one.
     */
    async insertStandIn(tenantId: number, providerTenantId: number): Promise<number> {
      const [provider] = await db.select({ name: tenant.name }).from(tenant).where(eq(tenant.id, providerTenantId));
      const [created] = await db
        .insert(appUser)
        .values({ tenantId, name: provider?.name ?? '', role: 'USER', active: false })
        .returning({ id: appUser.id });
      if (!created) throw new Error('provider account insert returned nothing');
      return created.id;
    },
  };
};
export type UsersRepository = ReturnType<typeof createUsersRepository>;
