import { api } from '@kanal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { databaseUnavailable } from '../../lib/app-error.js';
import { route } from '../../plugins/operations.js';

/** Set once a process has been told to stop (SIGTERM): it still serves, but tells its balancer to go elsewhere. */
export type Lifecycle = { draining: boolean };

type Options = { database: Database; lifecycle: Lifecycle; version: string; startedAt: number };

/**
 * Readiness and liveness for load balancers, supervisors and operators (docs/adr/0058-operating-several-processes.md). Not ready answers
 * the error body (`ServiceUnavailable`, Retry-After), like every other call while the database is away.
 */
export const healthRoutes: FastifyPluginAsync<Options> = async (app, { database, lifecycle, version, startedAt }) => {
  const alive = () => ({
    payload: { status: 'ok' as const, version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) },
  });
  route(app, api.health, async (req) => {
    if (lifecycle.draining) throw databaseUnavailable();
    let pending: number;
    try {
      pending = await database.pendingMigrations();
    } catch (err) {
      req.log.warn({ err }, 'health: database unreachable');
      throw databaseUnavailable();
    }
    // A database restored from an older backup under a running process: its statements would fail.
    if (pending > 0) {
      req.log.warn({ pending }, 'health: the database lacks migrations of this build');
      throw databaseUnavailable();
    }
    return alive();
  });
  route(app, api.healthLive, async () => alive());
};
