import type { IdKind } from '@kanal/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/app-error.js';
import type { ScopedContext } from './request-context.js';

type Options = {
  /** The organisation a call works in (a SUPERADMIN's `?tenant=`, otherwise the caller's). */
  scoped: ScopedContext;
  /** How many of the (distinct) ids name the tenant's objects of that kind. */
  countOfTenant: (kind: IdKind, tenantId: number, ids: readonly number[]) => Promise<number>;
};

/**
 * A filter by another tenant's id answers 404, as that id does in a path or a body, not an empty list:
 * the tenant wall has one answer for a foreign id wherever it stands. Checked before the handler, so
 * a list's service only ever filters by its organisation's own ids.
 */
export function refuseForeignIdFilters(app: FastifyInstance, { scoped, countOfTenant }: Options) {
  app.addHook('onRoute', (route) => {
    const query = (route.schema?.querystring as { shape?: object } | undefined)?.shape ?? {};
    for (const name of Object.keys(route.config?.operation?.idFilters ?? {})) {
      if (!(name in query))
        throw new Error(`${route.method} ${route.url}: the id filter ${name} is no query parameter`);
    }
  });
  app.addHook('preHandler', async (req) => {
    const filters = Object.entries(req.routeOptions.config?.operation?.idFilters ?? {});
    if (filters.length === 0) return;
    const query = req.query as Record<string, number | number[] | undefined>;
    let tenantId: number | undefined;
    for (const [name, kind] of filters) {
      // A single id, or a comma-separated list (already without repeats).
      const ids = [query[name] ?? []].flat();
      if (ids.length === 0) continue;
      tenantId ??= (await scoped(req)).tenantId;
      if ((await countOfTenant(kind, tenantId, ids)) < ids.length) throw notFound();
    }
  });
}
