import type { CreateIdentityProviderBody, IdentityProvider, UpdateIdentityProviderBody } from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { ProviderChanges, ProviderRow, SsoRepository } from './sso.repository.js';
import { shownAttributeClaims, storedAttributeClaims } from './sso-claims.js';

/** The admin changing a provider (audited as its author). */
type Actor = { tenantId: number; userId: number };

type Deps = {
  repo: SsoRepository;
  /** Runs `fn` in one transaction, with the repository and the audit log bound to it. */
  transaction: <T>(fn: (repos: { repo: SsoRepository; audit: AuditLog }) => Promise<T>) => Promise<T>;
  box: Pick<SecretBox, 'seal'>;
  clock: Clock;
  /** Which of the ids are the organisation's groups. */
  groupsExisting: (tenantId: number, groupIds: number[]) => Promise<number[]>;
  /** Where the provider sends people back after a sign-in and after signing out: registered at the provider. */
  uris: { redirectUri: string; postLogoutRedirectUri: string };
};

/**
 * An organisation's identity providers as its admins list, add, change and remove them (issue 31): the
 * client secret sealed, the domains each nobody else's, the groups the organisation's own. The sign-in
 * through them is sso.service.ts.
 */
export const createProviderSettings = ({ repo, transaction, box, clock, groupsExisting, uris }: Deps) => {
  async function present(tenantId: number, rows: ProviderRow[]): Promise<IdentityProvider[]> {
    const parts = await repo.partsOf(
      tenantId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      issuer: row.issuer,
      clientId: row.clientId,
      domains: parts.get(row.id)?.domains ?? [],
      groupsClaim: row.groupsClaim,
      groups: parts.get(row.id)?.groups ?? [],
      attributeClaims: shownAttributeClaims(row.attributeClaims),
      createPeople: row.createPeople,
      passwordsAllowed: row.passwordsAllowed,
      enabled: row.enabled,
      ...uris,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function provider(tenantId: number, providerId: number): Promise<IdentityProvider> {
    const row = await repo.findProvider(tenantId, providerId);
    if (!row) throw notFound();
    const [shown] = await present(tenantId, [row]);
    if (!shown) throw notFound();
    return shown;
  }

  /** The body's groups must be the organisation's (another's id answers 404), its domains nobody else's. */
  async function assertParts(
    tenantId: number,
    body: { domains?: string[]; groups?: { groupId: number }[] },
    providerId?: number,
  ) {
    if (body.groups) {
      const ids = [...new Set(body.groups.map((group) => group.groupId))];
      if ((await groupsExisting(tenantId, ids)).length !== ids.length) throw notFound();
    }
    if (body.domains) {
      const taken = await repo.domainsTaken(
        body.domains,
        providerId === undefined ? undefined : { tenantId, providerId },
      );
      if (taken[0]) {
        throw new AppError('SsoDomainTaken', {
          field: { name: 'domains', message: 'validation.domainTaken' },
          params: { domain: taken[0] },
        });
      }
    }
  }

  /** The domains written; one another provider took since `assertParts` looked is refused as it would have been. */
  async function writeDomains(tx: SsoRepository, tenantId: number, providerId: number, domains: string[]) {
    await tx.replaceDomains(tenantId, providerId, domains).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError('SsoDomainTaken', { field: { name: 'domains', message: 'validation.domainTaken' } });
    });
  }

  return {
    list: async (tenantId: number) => present(tenantId, await repo.listProviders(tenantId)),

    async create(actor: Actor, body: CreateIdentityProviderBody): Promise<IdentityProvider> {
      await assertParts(actor.tenantId, body);
      const { domains, groups, clientSecret, attributeClaims, ...fields } = body;
      const id = await transaction(async (tx) => {
        const created = await tx.repo.insertProvider({
          ...fields,
          attributeClaims: storedAttributeClaims(attributeClaims),
          tenantId: actor.tenantId,
          clientSecretSealed: box.seal(clientSecret),
        });
        await writeDomains(tx.repo, actor.tenantId, created, domains);
        await tx.repo.replaceGroups(actor.tenantId, created, groups);
        await tx.audit.record({
          event: 'sso.provider_created',
          tenantId: actor.tenantId,
          details: { by: actor.userId, providerId: created },
        });
        return created;
      });
      return provider(actor.tenantId, id);
    },

    async update(actor: Actor, providerId: number, body: UpdateIdentityProviderBody): Promise<IdentityProvider> {
      await provider(actor.tenantId, providerId);
      await assertParts(actor.tenantId, body, providerId);
      const { domains, groups, clientSecret, attributeClaims, ...fields } = body;
      const changes: ProviderChanges = Object.fromEntries(
        Object.entries({
          ...fields,
          clientSecretSealed: clientSecret && box.seal(clientSecret),
          attributeClaims: attributeClaims && storedAttributeClaims(attributeClaims),
        }).filter(([, value]) => value !== undefined),
      );
      await transaction(async (tx) => {
        await tx.repo.updateProvider(actor.tenantId, providerId, changes, clock.now());
        if (domains) await writeDomains(tx.repo, actor.tenantId, providerId, domains);
        if (groups) await tx.repo.replaceGroups(actor.tenantId, providerId, groups);
        await tx.audit.record({
          event: 'sso.provider_updated',
          tenantId: actor.tenantId,
          details: {
            by: actor.userId,
            providerId,
            changed: Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined),
          },
        });
      });
      return provider(actor.tenantId, providerId);
    },

    async delete(actor: Actor, providerId: number): Promise<{ done: true }> {
      await transaction(async (tx) => {
        if (!(await tx.repo.deleteProvider(actor.tenantId, providerId))) throw notFound();
        await tx.audit.record({
          event: 'sso.provider_deleted',
          tenantId: actor.tenantId,
          details: { by: actor.userId, providerId },
        });
      });
      return { done: true };
    },
  };
};
export type ProviderSettings = ReturnType<typeof createProviderSettings>;
