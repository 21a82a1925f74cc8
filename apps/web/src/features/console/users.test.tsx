import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { makeAdminUser, signInAs } from './test/console-fixtures';

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const people = Array.from({ length: 45 }, (_, i) =>
  makeAdminUser(i + 1, { name: `Osoba ${String(i + 1).padStart(2, '0')}` }),
);

function openUsers(role: 'ADMIN' | 'ANALYST' | 'USER', path = '/admin/users') {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /group/tenant': () => ok([{ id: 3, name: 'Prodaja' }]),
    'GET /user': (request) => {
      const { offset = '0', limit = '20', q } = query(request);
      const matching = q ? people.filter((p) => p.name.includes(q)) : people;
      return ok({ count: matching.length, items: matching.slice(Number(offset), Number(offset) + Number(limit)) });
    },
  });
  return { ...renderApp(path), api };
}

describe('the people table', () => {
  it('lists a page of people with their role and status, and pages through the rest by the URL', async () => {
    const { user, router, api } = openUsers('ADMIN');
    expect(await screen.findByRole('heading', { level: 1, name: 'Osobe' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Osobe' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('1–20 od 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stranica 3' }));
    expect(await screen.findByText('41–45 od 45')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(query(api.calls.at(-1) as FakeRequest)).toMatchObject({ offset: '40', limit: '20', sort: 'name' });
  });

  it('is the 404 screen for someone without the console', async () => {
    openUsers('USER');
    expect(await screen.findByRole('heading', { name: 'Ovdje nema ničega: 404!' })).toBeInTheDocument();
  });
});
