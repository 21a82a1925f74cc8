import {
  type CreatedScimToken,
  MINUTE_MS,
  SCIM_TOKENS_LIVE_MAX,
  type ScimToken,
  type ScimTokenList,
} from '@kanal/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { hashToken, newToken, tokenTenant } from '../../lib/tokens.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { ScimTokenRepository } from './scim-tokens.repository.js';

/**
 * The admin issuing or revoking a token: the organisation they work in, and their own (a SUPERADMIN of the
 * provider works in its client organisations too, and is not one of their people).
 */
export type TokenActor = { tenantId: number; userId: number; ownTenantId: number };

/** Whom a directory's call speaks for: the organisation its token names, and the token. */
export type ScimCaller = { tenantId: number; tokenId: number };

type Deps = {
  repo: ScimTokenRepository;
  /** Runs `fn` in one transaction, with the repository and the audit log bound to it. */
  transaction: <T>(fn: (repos: { repo: ScimTokenRepository; audit: AuditLog }) => Promise<T>) => Promise<T>;
  clock: Clock;
};

/** A token's use is recorded at most this often: a directory's sync is thousands of calls. */
export const LAST_USED_EVERY_MS = MINUTE_MS;

const BEARER = /^bearer\s+/i;

type Row = Awaited<ReturnType<ScimTokenRepository['list']>>['rows'][number];
const present = (row: Row): ScimToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  createdByProvider: row.createdByProvider,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const nameTaken = () =>
  new AppError('ScimTokenNameTaken', { field: { name: 'name', message: 'errors.ScimTokenNameTaken' } });

/**
 * Directory sync's access tokens (SCIM, issue 31): an organisation's admin issues one for its directory
 * (shown once; only its SHA-256 is kept), names it, sees when it was last used, and revokes it. The
 * protocol's routes admit a directory's call with `authenticate`.
 */
export const createScimTokenService = ({ repo, transaction, clock }: Deps) => ({
  async list(tenantId: number, page: { limit: number; offset: number }): Promise<ScimTokenList> {
    const { count, rows } = await repo.list(tenantId, page);
    return { count, items: rows.map(present) };
  },

  /** A new token named `name`: its secret is in this answer and nowhere else, ever. */
  async issue(actor: TokenActor, name: string): Promise<CreatedScimToken> {
    const token = newToken(actor.tenantId);
    const ofTenant = actor.ownTenantId === actor.tenantId;
    const tokenId = await transaction(async (tx) => {
      await tx.repo.lockIssuing(actor.tenantId);
      if (await tx.repo.liveNameTaken(actor.tenantId, name)) throw nameTaken();
      if ((await tx.repo.liveCount(actor.tenantId)) >= SCIM_TOKENS_LIVE_MAX) {
        throw new AppError('ScimTokenLimitReached', { params: { max: SCIM_TOKENS_LIVE_MAX } });
      }
      const id = await tx.repo
        .insert({
          tenantId: actor.tenantId,
          name,
          tokenHash: hashToken(token),
          createdBy: ofTenant ? actor.userId : null,
          createdByProvider: !ofTenant,
          createdAt: clock.now(),
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      await tx.audit.record({
        event: 'scim.token_created',
        tenantId: actor.tenantId,
        details: { by: actor.userId, tokenId: id, name },
      });
      return id;
    });
    const row = await repo.find(actor.tenantId, tokenId);
    if (!row) throw notFound();
    return { ...present(row), token };
  },

  /** The directory is refused from its next call on. Revoking a revoked token changes nothing. */
  async revoke(actor: TokenActor, tokenId: number): Promise<{ done: true }> {
    await transaction(async (tx) => {
      const name = await tx.repo.revoke(actor.tenantId, tokenId, clock.now());
      if (name === undefined) {
        if (!(await tx.repo.find(actor.tenantId, tokenId))) throw notFound();
        return;
      }
      await tx.audit.record({
        event: 'scim.token_revoked',
        tenantId: actor.tenantId,
        details: { by: actor.userId, tokenId, name },
      });
    });
    return { done: true };
  },

  /**
   * Who a SCIM call's bearer token (the `Authorization` header's value, with or without its `Bearer `)
   * speaks for: its organisation and token, or null for anything else — unknown, revoked, malformed, or
   * of an organisation that is deactivated. The lookup stays within the tenant the token names. The
   * token's last use is recorded, at most once a minute, so a sync's thousands of calls write a few rows.
   */
  async authenticate(bearer: string): Promise<ScimCaller | null> {
    const token = bearer.trim().replace(BEARER, '');
    const tenantId = tokenTenant(token);
    if (tenantId === undefined) return null;
    const found = await repo.findLive(tenantId, hashToken(token));
    if (!found) return null;
    const now = clock.now();
    if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await repo.touch(tenantId, found.id, now, new Date(now.getTime() - LAST_USED_EVERY_MS));
    }
    return { tenantId, tokenId: found.id };
  },
});
export type ScimTokenService = ReturnType<typeof createScimTokenService>;
