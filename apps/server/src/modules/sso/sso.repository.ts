import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  identityProvider,
  identityProviderDomain,
  identityProviderGroup,
  ssoAttempt,
  ssoTicket,
  userIdentity,
} from '../../db/schema/index.js';

export type ProviderRow = typeof identityProvider.$inferSelect;
export type ProviderChanges = Partial<
  Pick<
    ProviderRow,
    | 'name'
    | 'issuer'
    | 'clientId'
    | 'clientSecretSealed'
    | 'groupsClaim'
    | 'attributeClaims'
    | 'createPeople'
    | 'passwordsAllowed'
    | 'enabled'
  >
>;
export type GroupMapping = { value: string; groupId: number };

/** The organisation's identity providers, the sign-ins on their way and the persons they vouched for. */
export const createSsoRepository = (db: DbOrTx) => ({
  listProviders: (tenantId: number) =>
    db
      .select()
      .from(identityProvider)
      .where(eq(identityProvider.tenantId, tenantId))
      .orderBy(asc(identityProvider.name), asc(identityProvider.id)),

  async findProvider(tenantId: number, providerId: number): Promise<ProviderRow | undefined> {
    const [row] = await db
      .select()
      .from(identityProvider)
      .where(and(eq(identityProvider.tenantId, tenantId), eq(identityProvider.id, providerId)));
    return row;
  },

  /** Each provider's domains and group mappings, by provider id. */
  async partsOf(tenantId: number, providerIds: number[]) {
    const parts = new Map(providerIds.map((id) => [id, { domains: [] as string[], groups: [] as GroupMapping[] }]));
    if (providerIds.length === 0) return parts;
    const domains = await db
      .select()
      .from(identityProviderDomain)
      .where(
        and(eq(identityProviderDomain.tenantId, tenantId), inArray(identityProviderDomain.providerId, providerIds)),
      )
      .orderBy(asc(identityProviderDomain.domain));
    const groups = await db
      .select()
      .from(identityProviderGroup)
      .where(and(eq(identityProviderGroup.tenantId, tenantId), inArray(identityProviderGroup.providerId, providerIds)))
      .orderBy(asc(identityProviderGroup.value));
    for (const row of domains) parts.get(row.providerId)?.domains.push(row.domain);
    for (const row of groups) parts.get(row.providerId)?.groups.push({ value: row.value, groupId: row.groupId });
    return parts;
  },

  /** The enabled provider an e-mail domain belongs to, if any (home-realm discovery). */
  async providerForDomain(domain: string) {
    const [row] = await db
      .select({
        tenantId: identityProvider.tenantId,
        providerId: identityProvider.id,
        passwordsAllowed: identityProvider.passwordsAllowed,
      })
      .from(identityProviderDomain)
      .innerJoin(
        identityProvider,
        and(
          eq(identityProvider.tenantId, identityProviderDomain.tenantId),
          eq(identityProvider.id, identityProviderDomain.providerId),
        ),
      )
      .where(and(eq(identityProviderDomain.domain, domain), eq(identityProvider.enabled, true)));
    return row;
  },

  enabledProviders: (tenantId: number) =>
    db
      .select({ id: identityProvider.id, name: identityProvider.name })
      .from(identityProvider)
      .where(and(eq(identityProvider.tenantId, tenantId), eq(identityProvider.enabled, true)))
      .orderBy(asc(identityProvider.name), asc(identityProvider.id)),

  async insertProvider(row: typeof identityProvider.$inferInsert): Promise<number> {
    const [created] = await db.insert(identityProvider).values(row).returning({ id: identityProvider.id });
    if (!created) throw new Error('identity provider insert returned nothing');
    return created.id;
  },

  updateProvider: (tenantId: number, providerId: number, changes: ProviderChanges, now: Date) =>
    db
      .update(identityProvider)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(identityProvider.tenantId, tenantId), eq(identityProvider.id, providerId))),

  async deleteProvider(tenantId: number, providerId: number): Promise<boolean> {
    const rows = await db
      .delete(identityProvider)
      .where(and(eq(identityProvider.tenantId, tenantId), eq(identityProvider.id, providerId)))
      .returning({ id: identityProvider.id });
    return rows.length > 0;
  },

  /** The provider's domains as given; a domain another provider holds fails the statement (unique). */
  async replaceDomains(tenantId: number, providerId: number, domains: string[]) {
    await db
      .delete(identityProviderDomain)
      .where(and(eq(identityProviderDomain.tenantId, tenantId), eq(identityProviderDomain.providerId, providerId)));
    if (domains.length > 0) {
      await db.insert(identityProviderDomain).values(domains.map((domain) => ({ domain, tenantId, providerId })));
    }
  },

  /** Which of the domains are held by a provider other than `exceptProviderId` (of any organisation). */
  async domainsTaken(domains: string[], exceptProviderId?: { tenantId: number; providerId: number }) {
    if (domains.length === 0) return [];
    const rows = await db.select().from(identityProviderDomain).where(inArray(identityProviderDomain.domain, domains));
    return rows
      .filter(
        (row) =>
          !exceptProviderId ||
          row.tenantId !== exceptProviderId.tenantId ||
          row.providerId !== exceptProviderId.providerId,
      )
      .map((row) => row.domain);
  },

  async replaceGroups(tenantId: number, providerId: number, groups: GroupMapping[]) {
    await db
      .delete(identityProviderGroup)
      .where(and(eq(identityProviderGroup.tenantId, tenantId), eq(identityProviderGroup.providerId, providerId)));
    if (groups.length > 0) {
      await db.insert(identityProviderGroup).values(groups.map((group) => ({ ...group, tenantId, providerId })));
    }
  },

  /** Sign-ins that never came back and tickets never taken, gone once their time is up. */
  async dropExpired(now: Date) {
    await db.delete(ssoAttempt).where(lte(ssoAttempt.expiresAt, now));
    await db.delete(ssoTicket).where(lte(ssoTicket.expiresAt, now));
  },

  insertAttempt: (row: typeof ssoAttempt.$inferInsert) => db.insert(ssoAttempt).values(row),

  /** Takes a sign-in on its way by its state, once: a second answer with the same state finds nothing. */
  async takeAttempt(tenantId: number, stateHash: string, now: Date) {
    const [row] = await db
      .delete(ssoAttempt)
      .where(and(eq(ssoAttempt.tenantId, tenantId), eq(ssoAttempt.stateHash, stateHash), gt(ssoAttempt.expiresAt, now)))
      .returning();
    return row;
  },

  async findIdentity(tenantId: number, providerId: number, subject: string): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: userIdentity.userId })
      .from(userIdentity)
      .where(
        and(
          eq(userIdentity.tenantId, tenantId),
          eq(userIdentity.providerId, providerId),
          eq(userIdentity.subject, subject),
        ),
      );
    return row?.userId;
  },

  linkIdentity: (row: typeof userIdentity.$inferInsert) => db.insert(userIdentity).values(row).onConflictDoNothing(),

  insertTicket: (row: typeof ssoTicket.$inferInsert) => db.insert(ssoTicket).values(row),

  async takeTicket(tenantId: number, ticketHash: string, now: Date) {
    const [row] = await db
      .delete(ssoTicket)
      .where(and(eq(ssoTicket.tenantId, tenantId), eq(ssoTicket.ticketHash, ticketHash), gt(ssoTicket.expiresAt, now)))
      .returning();
    return row;
  },
});
export type SsoRepository = ReturnType<typeof createSsoRepository>;
