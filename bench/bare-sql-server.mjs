// The ceiling for "this SQL over HTTP" on this machine: Fastify and pg with no product code. Forked by
// startBareSql (lib.mjs), which sends the routes: a path, a statement's text exactly as the product
// runs it, and where each of its parameters comes from ('now', the bearer token's 'tenantId' or
// 'tokenHash' — the token is hashed as the product does — or a fixed 'value'). Each route runs its
// statement prepared, on a pool the size of the product's, and answers the rows as JSON: 401 when the
// statement finds none (it carries the session check), like the product.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const POOL_SIZE = 10;

process.once('message', async ({ port, databaseUrl, routes }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  for (const { path, name, text, params } of routes) {
    app.get(path, async (req, reply) => {
      const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
      const from = {
        now: () => new Date(),
        tenantId: () => Number(token.split('_')[0]),
        tokenHash: () => createHash('sha256').update(token).digest('hex'),
      };
      const values = params.map((p) => (p.from === 'value' ? p.value : from[p.from]()));
      const { rows } = await pool.query({ name, text, values });
      if (rows.length === 0) return reply.code(401).send({ code: 'Unauthorized' });
      return { payload: { count: rows.length, content: rows } };
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
  process.send('ready');
});
