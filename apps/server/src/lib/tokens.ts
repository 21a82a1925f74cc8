import { createHash, randomBytes } from 'node:crypto';
import { ID_MAX } from '@kanal/contract';

/**
 * A new secret of a tenant's (session token, e-mailed link, device cookie): its tenant's id and 256
 * random bits, URL-safe, `12_…`. It is looked up before anything else tells the tenant, so it names it:
 * every lookup then stays within one tenant's rows, as a schema distributed by tenant needs (DESIGN.md §7).
 */
export const newToken = (tenantId: number) => `${tenantId}_${randomBytes(32).toString('base64url')}`;

const TOKEN = /^(\d{1,10})_[\w-]{43}$/;

/** The tenant a token names; undefined for anything not shaped like a token, which then needs no lookup. */
export function tokenTenant(token: string): number | undefined {
  const tenantId = Number(TOKEN.exec(token)?.[1]);
  return tenantId >= 1 && tenantId <= ID_MAX ? tenantId : undefined;
}

/** Tokens are stored as their SHA-256, tenant included: they are random, so a slow hash would add nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
