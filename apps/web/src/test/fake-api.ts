import { vi } from 'vitest';

export type FakeRequest = {
  method: string;
  /** Without the /api prefix and the query string: what the routes are keyed by. */
  path: string;
  /** As requested, query string included. */
  url: string;
  body: unknown;
  headers: Headers;
};
type FakeResponse = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export const ok = (payload: unknown): FakeResponse => ({ status: 200, body: { payload } });
export const fail = (status: number, code: string, message: string): FakeResponse => ({
  status,
  body: { statusCode: status, code, message, requestId: 'req-test' },
});

/**
 * The only stand-in the web tests use: a fake `fetch` answering like the API, keyed by "METHOD /path"
 * (without the /api prefix). Unknown calls answer 404 and are recorded like the rest.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const response = handler ? await handler(request) : fail(404, 'NotFound', 'Not found.');
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { 'Content-Type': 'application/json', ...response.headers },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  return { calls, find: (method: string, path: string) => calls.find((c) => c.method === method && c.path === path) };
}

export const me = {
  id: 7,
  name: 'Ana Anić',
  email: 'ana@example.com',
  username: null,
  role: 'USER',
  tenant: { id: 1, name: 'Tvrtka d.o.o.', image: 'logo-1', showPromoTag: false, primaryColor: null, accentColor: null },
};
