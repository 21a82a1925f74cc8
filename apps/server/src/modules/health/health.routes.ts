import { envelope, HealthSchema } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';

type Options = { db: Db; version: string; startedAt: number };

/** For load balancers and operators: 200 while the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, version, startedAt }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: envelope(HealthSchema), 503: envelope(HealthSchema) } },
    },
    async (req, reply) => {
      const up = await db.execute(sql`SELECT 1`).then(
        () => true,
        (err: unknown) => {
          req.log.error({ err }, 'health: database unreachable');
          return false;
        },
      );
      reply.status(up ? 200 : 503);
      return {
        payload: {
          status: up ? ('ok' as const) : ('degraded' as const),
          database: up ? ('up' as const) : ('down' as const),
          version,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        },
      };
    },
  );
};
