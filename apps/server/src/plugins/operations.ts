import { CAPABILITIES, envelope, type Operation, type OperationParsed, type Role } from '@kanal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type * as z from 'zod/mini';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration the route was registered from (`route`). */
    operation?: Operation;
    /**
     * A hot route whose statement checks the session itself, saving a round trip per request: the
     * guard only reads the token (401 without one), and the handler passes `req.credentials` to the
     * service and its answer through `req.admit`. Revocation still counts from the next request,
     * since the check runs in the same statement as the read.
     */
    sessionInStatement?: true;
  }
}

/** The request a handler of the operation receives: its path, query, body and headers as parsed. */
export type OperationRequest<O extends Operation> = FastifyRequest<{
  Params: OperationParsed<O, 'params'>;
  Querystring: OperationParsed<O, 'query'>;
  Body: OperationParsed<O, 'body'>;
  Headers: OperationParsed<O, 'headers'>;
}>;

/** What a handler answers: the envelope of its payload, or (for a file) whatever it sent on the reply. */
type Answer<O extends Operation> = O['response'] extends z.ZodMiniType
  ? { payload: z.input<O['response']> }
  : FastifyReply | undefined;

type Handler<O extends Operation> = (req: OperationRequest<O>, reply: FastifyReply) => Promise<Answer<O>>;

/**
 * What only the server knows about a route: how it reads the session, and a body larger than the app's
 * 64 KB it takes.
 */
type ServerOptions = { sessionInStatement?: true; bodyLimit?: number };

/** The roles an operation's access admits (`'public'`: anyone). */
export const rolesOf = (operation: Operation): 'public' | readonly Role[] =>
  operation.access === 'public' ? 'public' : CAPABILITIES[operation.access];

/**
 * Registers the route of one operation of the contract: its method and path (under the scope's `/api`
 * prefix), the schemas that validate and serialise it, and the declaration itself in the route's config,
 * where the auth guard reads who may call it and the OpenAPI document what it answers.
 */
export function route<const O extends Operation>(app: FastifyInstance, operation: O, handler: Handler<O>): void;
export function route<const O extends Operation>(
  app: FastifyInstance,
  operation: O,
  options: ServerOptions,
  handler: Handler<O>,
): void;
export function route<const O extends Operation>(
  app: FastifyInstance,
  operation: O,
  ...rest: [Handler<O>] | [ServerOptions, Handler<O>]
): void {
  const [{ bodyLimit, ...options }, handler] = rest.length === 1 ? [{} as ServerOptions, rest[0]] : rest;
  const schema: FastifySchema & { tags: readonly string[]; produces?: readonly string[] } = {
    tags: operation.tags,
    ...(operation.params && { params: operation.params }),
    ...(operation.query && { querystring: operation.query }),
    ...(operation.headers && { headers: operation.headers }),
    ...(operation.body && { body: operation.body }),
    ...(operation.consumes && { consumes: [...operation.consumes] }),
    ...(operation.response && { response: { 200: envelope(operation.response) } }),
    ...(operation.produces && { produces: operation.produces }),
  };
  app.route({
    method: operation.method,
    url: operation.path,
    schema,
    ...(bodyLimit && { bodyLimit }),
    config: { operation, ...options },
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
