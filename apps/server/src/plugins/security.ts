import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for everything, and no caching of API answers that belong to a session. The
 * headers are built once: @fastify/helmet built its helmet middleware anew for every request, parsing
 * the CSP each time, ~6 % of the CPU of a call as light as /auth/me. `scriptHashes` are the web app's
 * own inline scripts, the only ones allowed to run.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { scriptHashes }: { scriptHashes: string[] }) => {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'"],
        // YouTube links show the video's still on a poster until the person presses play.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        // Material links to YouTube are embedded through its privacy-enhanced domain, and nothing else.
        frameSrc: ['https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation would break embedded videos later; the CSP above is the guard.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, () => done()));

  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (req.url.startsWith('/api/') && type.startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});
