import type { Operation } from '@kanal/contract';
import { describe, expect, it } from 'vitest';
import { pathOf } from './api-client';

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
