// The ceiling for "a small JSON body over HTTP" on this machine: Fastify with one route and nothing else.
import Fastify from 'fastify';

const size = Number(process.env.BODY_SIZE ?? 100);
const body = JSON.stringify({ payload: { pad: 'x'.repeat(Math.max(0, size - 24)) } });
const app = Fastify({ logger: false });
app.all('/bare', async (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
