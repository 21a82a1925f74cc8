import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@kanal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.js';

/**
 * The pages e-mails link to, each ending in its link's token. An unsubscribe token has dots in it
 * (`tenant.user.topic.signature`), which must not read as a file's extension.
 */
const MAILED_LINK_PAGE = /^\/(?:unsubscribe|reset-password|welcome|activate)\/[^/]+$/;

/**
 * A notice's List-Unsubscribe URL: the API's one-click address, which a mail provider posts to (RFC 8058).
 * Opened in a browser (a reader's click, a mail client showing the header as a link) it is sent on to the
 * unsubscribe page of the same token, which asks first: a GET unsubscribes no one (mail scanners fetch).
 */
const ONE_CLICK_URL = /^\/api\/notifications\/unsubscribe\/([^/]+)$/;

/**
 * A path the web app routes itself: anything outside the API that does not name a file, and the pages
 * e-mails link to. Answered with the app whatever the Accept header says (uptime monitors and link
 * checkers send none, or HEAD).
 */
function isPagePath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return false;
  return path.extname(pathname) === '' || MAILED_LINK_PAGE.test(pathname);
}

/**
 * The CSP sources ('sha256-…') of the inline scripts in the web app's index.html: the build writes one that
 * starts the first screen's code with the page (apps/web/vite.config.ts), and the policy allows exactly it.
 * None without a built app.
 */
export async function inlineScriptHashes(root: string): Promise<string[]> {
  const html = await readFile(path.join(root, 'index.html'), 'utf8').catch(() => '');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body = '']) => {
    const digest = createHash('sha256').update(body).digest('base64');
    return `'sha256-${digest}'`;
  });
}

/**
 * Serves the built web app: hashed assets cached for a year (precompressed .br/.gz chosen by
 * Accept-Encoding), and index.html for GET and HEAD of every page path, since the app routes itself
 * (its own 404 screen included).
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
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const oneClick = reading ? ONE_CLICK_URL.exec(req.url.split('?', 1)[0] ?? req.url) : null;
    if (oneClick) return reply.redirect(`/unsubscribe/${oneClick[1]}`, 303);
    const wantsPage = reading && isPagePath(req.url);
    if (built && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(req, reply);
  });
});
