import type { Operation } from '@kanal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, KEPT_COPY_HEADER } from './api-client';
import { pathOf } from './api-path';
import { authStore } from './auth-store';
import { EARLY_RESPONSE_TTL_MS } from './browser/early-responses';

const listed = {
  method: 'GET',
  path: '/content/:id/users/:userId',
  access: 'signedIn',
  tags: [],
} as const satisfies Operation;

describe('pathOf', () => {
  it('fills each path parameter as one encoded segment', () => {
    expect(pathOf(listed, { id: 7, userId: 'a/b c' })).toBe('/content/7/users/a%2Fb%20c');
  });

  it('sends lists comma-separated and leaves empty values out of the query', () => {
    expect(pathOf(listed, { id: 1, userId: 2 }, { role: ['ADMIN', 'USER'], q: '', group: null, page: 0 })).toBe(
      '/content/1/users/2?role=ADMIN%2CUSER&page=0',
    );
  });
});

describe('a copy the service worker kept', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const keptCopy = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ count: 0, content: [] }, { headers: { [KEPT_COPY_HEADER]: '1' } })),
    );

  it('is a failed call while the browser says it is online, so the list is asked for again', async () => {
    keptCopy();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const failed = await apiFetch('/mobile/content/list/new', {}).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(0);
  });

  it('is the answer offline', async () => {
    keptCopy();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const response = await apiFetch('/mobile/content/list/new', {});
    expect(await response.json()).toEqual({ count: 0, content: [] });
  });
});

describe("the first screen's data, asked for with the page", () => {
  const answer = (body: unknown) => Promise.resolve(Response.json({ payload: body }));
  const network = () => {
    const fetched = vi.fn(async () => Response.json({ payload: 'from the network' }));
    vi.stubGlobal('fetch', fetched);
    return fetched;
  };

  beforeEach(() => authStore.signIn({ token: 'token-1', userId: 7 }, false));
  afterEach(() => {
    window.kanalEarly = undefined;
    authStore.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("answers the app's own call of the same path once, without asking again", async () => {
    const fetched = network();
    window.kanalEarly = { token: 'token-1', at: Date.now(), responses: { '/auth/me': answer('early') } };
    expect(await (await apiFetch('/auth/me', {})).json()).toEqual({ payload: 'early' });
    expect(fetched).not.toHaveBeenCalled();
    expect(await (await apiFetch('/auth/me', {})).json()).toEqual({ payload: 'from the network' });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('is not the answer to another path, another session, a change, or a call made after it went stale', async () => {
    vi.useFakeTimers();
    const fetched = network();
    const early = (token = 'token-1') => {
      window.kanalEarly = { token, at: Date.now(), responses: { '/auth/me': answer('early') } };
    };
    early();
    await apiFetch('/auth/me?x=1', {});
    await apiFetch('/auth/me', { method: 'POST', body: {} });
    early('token-2');
    await apiFetch('/auth/me', {});
    early();
    vi.advanceTimersByTime(EARLY_RESPONSE_TTL_MS + 1);
    await apiFetch('/auth/me', {});
    expect(fetched).toHaveBeenCalledTimes(4);
    expect(window.kanalEarly).toBeUndefined();
  });

  it("fails as the app's own call would when the page's request failed", async () => {
    network();
    window.kanalEarly = {
      token: 'token-1',
      at: Date.now(),
      responses: { '/auth/me': Promise.reject(new TypeError()) },
    };
    const failed = await apiFetch('/auth/me', {}).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(0);
  });
});
