import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { redactSecrets } from '../lib/log-redaction.js';

/**
 * How the server logs: one line per request, written when it is answered (`logRequests`), instead of
 * Fastify's two; no credentials; and no mailed link's secret anywhere on a line (log-redaction.ts).
 */
export const loggingOptions = (
  level: string,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> => ({
  logger: {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req) => ({ method: req.method, url: req.url, remoteAddress: req.ip }),
    },
    // On the whole line as written, so a mailed link's secret is hidden wherever it stands: a request's
    // URL, an error's message, a mail kept for a demo without SMTP.
    hooks: { streamWrite: redactSecrets },
  },
  logController: new LogController({ disableRequestLogging: true }),
});

/** The request's one line: its method, URL and address, its status and how long it took. */
export const logRequests = (app: FastifyInstance) =>
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ req, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
