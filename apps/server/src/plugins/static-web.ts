import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.js';

/**
 * Serves the built web app: hashed assets cached for a year (precompressed .br/.gz chosen by
 * Accept-Encoding), and index.html for every other browser path, since the app routes itself.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  const built = existsSync(`${root}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes('/assets/');
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && req.headers.accept?.includes('text/html');
    if (built && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(req, reply);
  });
});
