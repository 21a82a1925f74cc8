// The load generator of the database-backed benchmarks, run as a child process (startLoader in
// lib.mjs) so that autocannon does not share the server's event loop. One autocannon run per message.
// Every request carries the next session's bearer token; with `idempotent`, request n also carries the
// key of pair ⌊n/2⌋ and that pair's token, so every submission is sent twice (often at the same time
// on two connections) and the caller can check that each acknowledged key stored exactly one row. The
// keys of requests still in flight when the run ends are not acknowledged, though they may be stored.
import autocannon from 'autocannon';

let runs = 0;

process.on('message', async (options) => {
  const { url, method = 'GET', body, tokens, paths, bodies, connections, duration, idempotent = false } = options;
  const run = ++runs;
  let next = 0;
  const acknowledged = new Set();
  const statuses = {};
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        setupRequest: (req, context) => {
          const n = next++;
          const pair = Math.floor(n / 2);
          const session = (idempotent ? pair : n) % tokens.length;
          const headers = {
            ...req.headers,
            ...(body === undefined && bodies === undefined ? {} : { 'content-type': 'application/json' }),
            authorization: `Bearer ${tokens[session]}`,
          };
          const own = {
            ...(paths ? { path: paths[session] } : {}),
            ...(bodies ? { body: JSON.stringify(bodies[session]) } : {}),
          };
          if (idempotent) {
            context.key = `bench-${process.pid}-${run}-${pair}`;
            headers['idempotency-key'] = context.key;
          }
          return { ...req, ...own, headers };
        },
        onResponse: (status, _body, context) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (idempotent && status >= 200 && status < 300) acknowledged.add(context.key);
        },
      },
    ],
  });
  process.send({
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    bytesPerReq: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    statuses,
    acknowledgedKeys: [...acknowledged],
  });
});
process.send('ready');
