import { API_PREFIX, type Declares, type Operation, type OperationInput, type OperationPayload } from '@kanal/contract';
import { pathOf, type QueryValue } from './api-path';
import { authStore } from './auth-store';
import { takeEarlyResponse } from './browser/early-responses';
import { currentLanguage, i18n } from './i18n';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** What is wrong with `field`, in the user's language, without the field's name (shown beside it). */
  readonly reason: string | undefined;
  readonly requestId: string | undefined;
  /** A refusal for now (429): the minutes of its Retry-After, which its text names. */
  readonly minutes: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    field?: string;
    reason?: string;
    requestId?: string;
    minutes?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.reason = init.reason;
    this.requestId = init.requestId;
    this.minutes = init.minutes;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function genericError(status: number): ApiError {
  return new ApiError({ status, code: 'SomethingWentWrong', message: i18n.t('errors.SomethingWentWrong') });
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<{
      code: string;
      message: string;
      field: string;
      fields: { field: string; message: string }[];
      requestId: string;
    }>;
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      return new ApiError({
        status: response.status,
        code: body.code,
        message: body.message,
        field: body.field,
        reason: body.fields?.[0]?.message,
        requestId: body.requestId,
        minutes: Math.ceil(Number(response.headers.get('retry-after')) / 60),
      });
    }
  } catch {
    // Not our JSON (a proxy's error page, say): fall through to the generic message.
  }
  return genericError(response.status);
}

/** Marks a response the service worker answered from its copies (the same name in sw/sw.js). */
export const KEPT_COPY_HEADER = 'x-kanal-kept-copy';

/**
 * Sends a call to the API under /api with the session's token and the language, and answers the
 * response; a non-2xx answer throws.
 */
export async function apiFetch(path: string, options: RequestOptions): Promise<Response> {
  const session = authStore.get();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  // A FormData body (an upload) sets its own multipart type and boundary.
  const raw = options.body instanceof FormData;
  if (options.body !== undefined && !raw) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session.token}`;

  // The page may have asked for it already (./browser/early-responses.ts).
  const early = session && (options.method ?? 'GET') === 'GET' ? takeEarlyResponse(path, session.token) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(`${API_PREFIX}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : raw ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw genericError(0);
  }

  // A copy the service worker kept, given in place of an answer the network did not bring (sw/sw.js): offline,
  // it is what the screens show; while the browser says it is online, it is a failed call, asked again, or a
  // list would show what was just answered as still to do.
  if (response.headers.has(KEPT_COPY_HEADER) && navigator.onLine) throw genericError(0);

  if (!response.ok) {
    // The session is gone (expired, revoked, user deactivated): drop it so the app returns to /login.
    if (response.status === 401 && session && authStore.get()?.token === session.token) authStore.clear();
    throw await readError(response);
  }
  return response;
}

/**
 * What a call of the operation sends: its path parameters and JSON body as the contract types them (an
 * upload: a FormData), and its query by the contract's names, where a list may be given as an array
 * (sent comma-separated, spec point 7) and an empty value is left out.
 */
export type CallInput<O extends Operation> = { signal?: AbortSignal; headers?: Record<string, string> } & (Declares<
  O,
  'params'
> extends true
  ? { params: OperationInput<O, 'params'> }
  : { params?: never }) &
  (Declares<O, 'query'> extends true
    ? { query?: { [K in keyof OperationInput<O, 'query'>]?: OperationInput<O, 'query'>[K] | QueryValue } }
    : { query?: never }) &
  (Declares<O, 'body'> extends true
    ? { body: OperationInput<O, 'body'> }
    : O['consumes'] extends readonly string[]
      ? { body: FormData }
      : { body?: never });

/** Required when the operation has path parameters or a body. */
type CallArgs<O extends Operation> =
  Declares<O, 'params'> extends true
    ? [CallInput<O>]
    : Declares<O, 'body'> extends true
      ? [CallInput<O>]
      : O['consumes'] extends readonly string[]
        ? [CallInput<O>]
        : [CallInput<O>?];

/**
 * Calls an operation of the contract and returns the body's `payload` (JSON in and out, or a FormData
 * upload), or for a file the Response itself. No timeout, as the spec says.
 */
export async function call<const O extends Operation>(
  operation: O,
  ...[input]: CallArgs<O>
): Promise<OperationPayload<O>> {
  const { params, query, body, signal, headers } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const response = await apiFetch(pathOf(operation, params, query), {
    method: operation.method,
    body,
    signal,
    headers,
  });
  // By the key, not its value: in a bundle, a declaration may be built before the chunk holding its
  // schema has run, and then carries `response: undefined`.
  if ('produces' in operation) return response as OperationPayload<O>;
  const envelope = (await response.json()) as { payload: OperationPayload<O> };
  return envelope.payload;
}
