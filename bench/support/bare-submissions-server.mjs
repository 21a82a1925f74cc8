// The ceiling for "a quiz submission's statements over HTTP" on this machine: Fastify and pg with no
// product code, running the statements the product ran for one submission (captured by
// forms.bench.mjs), in the same order, each prepared, on a pool the size of the product's. Forked by
// startBareSubmissions (lib.mjs), which sends the statements ({name, text, params}: where each parameter
// comes from — 'now', the caller's 'tokenHash' or 'userId', the request's idempotency 'key', or a fixed
// 'value'). The first statement is the reading, which checks the session: no row ends the request with
// 401, and the caller's user id a later statement takes is the one its row names, as in the product. A
// later statement that finds no row ends it with 404; one whose row has a non-null `result` (a stored
// key's, or the stored submission's) answers it. A storing statement that stored nothing (the same key
// stored by the twin request a moment before) is followed by the statement that reads the key, as the
// product's is.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const POOL_SIZE = 10;

process.once('message', async ({ port, databaseUrl, statements }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const keyReading = statements.find((s) => s.readsKey);
  const app = Fastify({ logger: false });
  app.post('/bare/submit', async (req, reply) => {
    const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
    const now = new Date();
    let caller;
    const from = {
      now: () => now,
      tokenHash: () => createHash('sha256').update(token).digest('hex'),
      userId: () => caller.caller_user_id,
      key: () => req.headers['idempotency-key'] ?? null,
    };
    const run = async ({ name, text, params }) =>
      (await pool.query({ name, text, values: params.map((p) => (p.from === 'value' ? p.value : from[p.from]())) }))
        .rows[0];
    for (const [i, statement] of statements.entries()) {
      const row = await run(statement);
      if (!row) return reply.code(i === 0 ? 401 : 404).send({ code: i === 0 ? 'Unauthorized' : 'NotFound' });
      caller ??= row;
      if (row.result) return { payload: row.result };
    }
    const stored = await run(keyReading);
    if (!stored?.result) return reply.code(409).send({ code: 'AlreadySubmitted' });
    return { payload: stored.result };
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.send('ready');
});
