// The ceiling for "these statements over HTTP" on this machine: Fastify and pg with no product code.
// Forked by startBareSql (lib.mjs), which sends the routes: a method and path, and the statements the
// product runs for that call, each as its text exactly as the product runs it and where each of its
// parameters comes from ('now', the bearer token's 'tenantId' or 'tokenHash' — the token is hashed as
// the product does — or a fixed 'value'). Each route runs its statements in turn, prepared, on a pool
// the size of the product's, and answers the last one's rows as JSON; a route whose first statement
// checks the session (`session`) answers 401 when it finds none, like the product.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const POOL_SIZE = 10;

process.once('message', async ({ port, databaseUrl, routes }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  for (const [r, { method = 'GET', path, session = false, statements }] of routes.entries()) {
    app.route({
      method,
      url: path,
      handler: async (req, reply) => {
        const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
        const from = {
          now: () => new Date(),
          tenantId: () => Number(token.split('_')[0]),
          tokenHash: () => createHash('sha256').update(token).digest('hex'),
        };
        let rows = [];
        for (const [s, { text, params }] of statements.entries()) {
          const values = params.map((p) => (p.from === 'value' ? p.value : from[p.from]()));
          ({ rows } = await pool.query({ name: `bare_${r}_${s}`, text, values }));
          if (s === 0 && session && rows.length === 0) return reply.code(401).send({ code: 'Unauthorized' });
        }
        return { payload: { count: rows.length, content: rows } };
      },
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
  process.send('ready');
});
