import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS, ErrorBodySchema, type Operation, ROLES } from '@kanal/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { rolesOf } from './operations.js';
import { SESSION_COOKIE } from './request-context.js';

const ROLE_COUNT = ROLES.length;

/** What each error status means for a client; every one of them carries the error body. */
const ERROR_STATUSES = {
  400: 'Invalid input: `field` names the first offending field (BodyParamsInvalid), or a rule of the call refused it',
  401: 'No valid session: sign in again',
  403: 'The signed-in role may not use this call',
  404: "No such object for the caller (another tenant's object answers the same)",
  409: 'The object is not in a state that allows this',
  413: 'The request body or an uploaded file is too large',
  415: 'The request body has a content type this call does not take',
  422: 'The Idempotency-Key was already used for another object',
  429: 'Too many attempts: wait the seconds in Retry-After',
  503: 'The database is briefly unreachable (or, embedded, busy): retry after the seconds in Retry-After',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUSES;

/**
 * The error statuses a route can answer. Every route can get bad input, an id (in the path, a body, a
 * query filter, a token) that names nothing the caller can see, and an unreachable database; the rest
 * follows from the operation's access (a session, fewer than every role), a method that takes a body,
 * and the statuses of its own `errors` (conflicts, rate limits).
 */
function errorStatuses(route: RouteOptions, operation: Operation): ErrorStatus[] {
  const roles = rolesOf(operation);
  const open = roles === 'public';
  const statuses = new Set<ErrorStatus>([400, 404, 503]);
  for (const code of operation.errors ?? []) statuses.add(ERROR_STATUS[code] as ErrorStatus);
  if (!open) statuses.add(401);
  if (!open && roles.length < ROLE_COUNT) statuses.add(403);
  // Any body can be too large or of a type the call does not take, whether or not it is used.
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort();
}

/**
 * The success answer of a route whose body is not the JSON envelope: its `produces` are the media types
 * of that body alone (a file, a spreadsheet, the manifest), since its errors are the JSON error body.
 */
function successOf(produces: readonly string[]) {
  const body = (type: string) => (/[/+]json\b/.test(type) ? { type: 'object' } : { type: 'string', format: 'binary' });
  return {
    description: 'The body itself, of one of these media types (Content-Type says which)',
    content: Object.fromEntries(produces.map((type) => [type, { schema: body(type) }])),
  };
}

/** A browser navigation's answer: the page to go to next. */
const REDIRECT = {
  description: 'Sends the browser on (Location): to the identity provider, or back to the web app',
  headers: { Location: { schema: { type: 'string', format: 'uri' } } },
};

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests, and says for
 * every route how to authenticate (bearer, the session cookie where accepted, or nothing), which roles
 * may call it (`x-roles`), what a success answers (the JSON envelope, or the media types of its
 * `produces`), and which errors it answers, each with the JSON error body.
 */
export const openapiPlugin = fp(async (app: FastifyInstance, { version }: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kanal API', version },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/auth/signin' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by sign-in' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform(document) {
      const { route } = document;
      // `produces` would make @fastify/swagger give every answer, errors too, those media types.
      const { produces, ...schema } = document.schema ?? {};
      if (schema.hide) return jsonSchemaTransform(document);
      const operation = route.config?.operation;
      if (!operation) throw new Error(`${route.method} ${route.url} is not registered from an operation`);
      const rule = rolesOf(operation);
      const errors = Object.fromEntries(errorStatuses(route, operation).map((status) => [status, ErrorBodySchema]));
      const transformed = jsonSchemaTransform({
        ...document,
        schema: { ...schema, response: { ...(schema.response as object), ...errors } },
      });
      const out = transformed.schema as Record<string, unknown> & {
        response?: Record<string, Record<string, unknown>>;
        querystring?: { properties?: Record<string, Record<string, unknown>> };
      };
      // `x-id-of` tells clients (and the tenant-wall suite) which kind of object a filter's id names.
      for (const [name, kind] of Object.entries(operation.idFilters ?? {})) {
        Object.assign(out.querystring?.properties?.[name] ?? {}, {
          'x-id-of': kind,
          description: `By the id of the organisation's ${kind}: another organisation's id, or one no one has, answers 404`,
        });
      }
      for (const [status, description] of Object.entries(ERROR_STATUSES)) {
        // Read by @fastify/swagger as the answer's description, and kept out of the error body's schema.
        const response = out.response?.[status];
        if (response) response['x-response-description'] = description;
      }
      if (produces) out.response = { 200: successOf(produces), ...out.response };
      if (operation.redirects) out.response = { 302: REDIRECT, ...out.response };
      const security: Record<string, string[]>[] =
        rule === 'public' ? [] : [{ bearer: [] }, ...(operation.cookieAuth ? [{ sessionCookie: [] }] : [])];
      return {
        url: transformed.url,
        schema: {
          ...out,
          security,
          'x-roles': rule === 'public' ? [] : rule,
          ...(operation.errors && { 'x-error-codes': operation.errors }),
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
