import type * as z from 'zod/mini';
import type { ErrorCode } from '../errors.js';
import type { Capability } from './access.js';

/**
 * One call of the API, declared once: the server registers its route from it (the access rule, the
 * validation, the serialisation and the OpenAPI entry follow), and the web calls it through the typed
 * client, so a changed path, payload or role fails the typecheck on both sides
 * (docs/adr/0009-one-typed-route-table.md). Declare one as an object literal `as const satisfies Operation`,
 * so that a bundle keeps only the operations it calls and their schemas.
 */
export type Operation = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under `/api`, with path parameters as `:name` (each one a key of `params`). */
  readonly path: `/${string}`;
  /** Who may call it: anyone, or a signed-in caller whose role has the capability (`CAPABILITIES`). */
  readonly access: 'public' | Capability;
  /** OpenAPI grouping. */
  readonly tags: readonly string[];
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly headers?: z.ZodMiniType;
  /** A JSON body; an upload leaves it out and names its media types in `consumes`. */
  readonly body?: z.ZodMiniType;
  readonly consumes?: readonly string[];
  /** The success envelope's `payload` … */
  readonly response?: z.ZodMiniType;
  /** … or, for a body that is not the JSON envelope (a file, a spreadsheet), its media types. */
  readonly produces?: readonly string[];
  /**
   * The errors it answers beyond those every call can (bad input, no session or role, an id that names
   * nothing, a body too large or of the wrong type, the database away): checked outside production, where
   * an undeclared code fails the call (apps/server/src/plugins/operations.ts).
   */
  readonly errors?: readonly ErrorCode[];
  /** Query parameters that filter by the ids of the organisation's objects, and the kind each names. */
  readonly idFilters?: Readonly<Record<string, IdKind>>;
  /** A page the browser goes to rather than a call: it answers 302 to another page (single sign-on). */
  readonly redirects?: true;
  /** Also accept the session cookie (GET /files/* loaded by `<img src>`). */
  readonly cookieAuth?: true;
};

/** The objects a list's query filter can name by id; another organisation's id answers 404. */
export type IdKind = 'user' | 'group' | 'content';

/** The errors any call may answer, whatever it declares. */
export const IMPLIED_ERRORS = [
  'BodyParamsInvalid',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'ServiceUnavailable',
  'SomethingWentWrong',
] as const satisfies readonly ErrorCode[];

type Part<
  O extends Operation,
  K extends 'params' | 'query' | 'body' | 'headers' | 'response',
> = O[K] extends z.ZodMiniType ? O[K] : never;

/** Whether the operation declares the part (`true`) or not (`false`). */
export type Declares<
  O extends Operation,
  K extends 'params' | 'query' | 'body' | 'headers' | 'response',
> = O[K] extends z.ZodMiniType ? true : false;

/** What the client sends (before the server's parsing) and the handler receives (after it). */
export type OperationInput<O extends Operation, K extends 'params' | 'query' | 'body' | 'headers'> = z.input<
  Part<O, K>
>;
export type OperationParsed<O extends Operation, K extends 'params' | 'query' | 'body' | 'headers'> = [
  Part<O, K>,
] extends [never]
  ? undefined
  : z.output<Part<O, K>>;

/** The success envelope's payload as the client receives it (JSON), or a Response for a file. */
export type OperationPayload<O extends Operation> = O['response'] extends z.ZodMiniType
  ? z.output<O['response']>
  : Response;

/** The `:name` parameters of a path. */
export const pathParameters = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** The path with its parameters filled in, each encoded as one segment. */
export const fillPath = (path: string, params: Readonly<Record<string, unknown>> = {}): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** Where the server mounts every operation's path. */
export const API_PREFIX = '/api';

/** The URL an answer or a page names for an operation (a file's `<img src>`, a logo in a manifest). */
export const urlOf = (operation: Pick<Operation, 'path'>, params?: Readonly<Record<string, unknown>>): string =>
  `${API_PREFIX}${fillPath(operation.path, params)}`;
