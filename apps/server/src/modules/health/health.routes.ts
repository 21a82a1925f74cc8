import { api } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { databaseUnavailable } from '../../lib/app-error.js';
import { route } from '../../plugins/operations.js';

type Options = { db: Db; version: string; startedAt: number };

/**
 * For load balancers and operators: 200 while the database answers; 503 with the error body
 * (`ServiceUnavailable`, Retry-After) while it does not, like every other call then.
 */
export const healthRoutes: FastifyPluginAsync<Options> = async (app, { db, version, startedAt }) => {
  route(app, api.health, async (req) => {
    try {
      await db.execute(sql`SELECT 1`);
    } catch (err) {
      req.log.warn({ err }, 'health: database unreachable');
      throw databaseUnavailable();
    }
    return {
      payload: { status: 'ok' as const, version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
    };
  });
};
