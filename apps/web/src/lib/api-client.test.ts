import type { Operation } from '@kanal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, KEPT_COPY_HEADER, pathOf } from './api-client';

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
