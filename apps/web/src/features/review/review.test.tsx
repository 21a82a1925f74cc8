import type { ReviewQueueRow, ReviewSettings, ReviewStep, Role } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];
const at = new Date(2026, 10, 20, 9, 15).toISOString();

function openConsole(role: Role, path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({ 'GET /auth/me': () => ok(who), ...routes });
  return { ...renderApp(path), api };
}

const settings = (overrides: Partial<ReviewSettings> = {}): ReviewSettings => ({
  required: true,
  reviewers: [],
  mayReview: true,
  reviewed: false,
  ...overrides,
});

const row = (id: number, overrides: Partial<ReviewQueueRow> = {}): ReviewQueueRow => ({
  id,
  name: `Obavijest ${id}`,
  type: 'INFORMATION',
  creator: { id: 9, name: 'Ivo Autor' },
  submittedAt: at,
  publishAt: null,
  mayReview: true,
  ...overrides,
});

const creatorsFound = {
  count: 2,
  items: [
    { id: 21, name: 'Rene Recenzent', email: 'rene@primjer.hr' },
    { id: 22, name: 'Sara Autorica', email: 'sara@primjer.hr' },
  ],
};

describe('the review screen', () => {
  it('lists what waits, the longest first, each opened where it is decided', async () => {
    openConsole('ADMIN', '/admin/reviews', {
      'GET /review/settings': () => ok(settings()),
      'GET /reviews': () =>
        ok({ count: 2, items: [row(1), row(2, { publishAt: new Date(2026, 11, 1, 8).toISOString() })] }),
      'GET /user': () => ok(creatorsFound),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pregled prije objave' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Čeka pregled' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Odmah po odobrenju')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('01.12.2026., 08:00')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Pregledaj „Obavijest 1”' })).toHaveAttribute(
      'href',
      '/admin/content/1/preview',
    );
  });

  it('shows a creator their own items in review, without the settings or a way to decide', async () => {
    openConsole('CREATOR', '/admin/reviews', {
      'GET /review/settings': () => ok(settings({ mayReview: false, reviewed: true })),
      'GET /reviews': () =>
        ok({ count: 1, items: [row(1, { mayReview: false, creator: { id: 7, name: 'Ana Anić' } })] }),
    });
    const table = await screen.findByRole('table', { name: 'Vaš sadržaj na pregledu' });
    expect(within(table).getByRole('link', { name: 'Obavijest 1' })).toHaveAttribute('href', '/admin/content/1');
    expect(within(table).queryByRole('link', { name: /Pregledaj/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Postavke pregleda' })).not.toBeInTheDocument();
  });

  it('says so when nothing waits, and offers to load again when the list fails', async () => {
    let failing = true;
    const { user } = openConsole('ADMIN', '/admin/reviews', {
      'GET /review/settings': () => ok(settings()),
      'GET /reviews': () => (failing ? fail(503, 'ServiceUnavailable', 'Nedostupno') : ok({ count: 0, items: [] })),
      'GET /user': () => ok(creatorsFound),
    });
    const retry = await screen.findByRole('button', { name: /Pokušaj ponovno/ }, { timeout: 10_000 });
    failing = false;
    await user.click(retry);
    expect(await screen.findByText('Ništa ne čeka pregled')).toBeInTheDocument();
  });

  it('lets an admin turn review on and name creators as reviewers, the server’s refusal at the list', async () => {
    let saved: unknown;
    let refuse = true;
    const { user, api } = openConsole('ADMIN', '/admin/reviews', {
      'GET /review/settings': () => ok(settings({ required: false })),
      'GET /reviews': () => ok({ count: 0, items: [] }),
      'GET /user': () => ok(creatorsFound),
      'PUT /review/settings': (request) => {
        saved = request.body;
        if (refuse) {
          refuse = false;
          const refused = fail(400, 'BodyParamsInvalid', 'Neispravna vrijednost za „reviewers.0”');
          const message = 'Recenzent može biti samo osoba s ulogom autora.';
          return {
            ...refused,
            body: { ...(refused.body as object), field: 'reviewers.0', fields: [{ field: 'reviewers.0', message }] },
          };
        }
        return ok(settings({ reviewers: [{ id: 21, name: 'Rene Recenzent' }] }));
      },
    });
    const form = await screen.findByRole('region', { name: 'Postavke pregleda' });
    const save = within(form).getByRole('button', { name: 'Spremi postavke' });
    expect(save).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: 'Sadržaj autora prolazi pregled prije objave' }));
    await user.click(await within(form).findByRole('button', { name: 'Dodaj recenzenta Rene Recenzent' }));
    expect(within(form).getByRole('list', { name: 'Imenovani recenzenti' })).toHaveTextContent('Rene Recenzent');
    await user.click(save);
    expect(await within(form).findByText('Recenzent može biti samo osoba s ulogom autora.')).toBeInTheDocument();
    expect(saved).toEqual({ required: true, reviewers: [21] });
    await user.click(save);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(await screen.findByText('Postavke pregleda su spremljene.')).toBeInTheDocument();
  });
});

describe('deciding on an item', () => {
  const inReview = makeStaffContent(5, { status: 'review', creator: { id: 9, name: 'Ivo Autor' }, editable: true });
  const history: ReviewStep[] = [{ id: 1, action: 'submitted', by: { id: 9, name: 'Ivo Autor' }, comment: null, at }];

  it('sends it back from the preview only with a comment, and goes back to the queue', async () => {
    let decided: unknown;
    const { user, router } = openConsole('ADMIN', '/admin/content/5/preview', {
      'GET /content/5': () => ok(inReview),
      'GET /review/settings': () => ok(settings()),
      'GET /reviews': () => ok({ count: 0, items: [] }),
      'GET /user': () => ok(creatorsFound),
      'POST /content/5/review': (request) => {
        decided = request.body;
        return ok({ ...inReview, status: 'draft' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Vrati na doradu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vraćanje sadržaja „Zaštita na radu” na doradu' });
    await user.click(within(dialog).getByRole('button', { name: 'Vrati na doradu' }));
    expect(await within(dialog).findByText('Napišite autoru što treba doraditi.')).toBeInTheDocument();
    expect(decided).toBeUndefined();
    await user.type(within(dialog).getByRole('textbox', { name: /Komentar autoru/ }), 'Dodajte kartu.');
    await user.click(within(dialog).getByRole('button', { name: 'Vrati na doradu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reviews'));
    expect(decided).toEqual({ decision: 'return', comment: 'Dodajte kartu.' });
  });

  it('offers no decision to the item’s own author, who reads where it stands in the editor', async () => {
    const own = { ...inReview, creator: { id: 7, name: 'Ana Anić' } };
    openConsole('CREATOR', '/admin/content/5', {
      'GET /content/5': () => ok(own),
      'GET /content/5/reviews': () => ok(history),
      'GET /review/settings': () => ok(settings({ mayReview: true, reviewed: true })),
      'GET /categories': () => ok([]),
    });
    expect(await screen.findByText('Na pregledu od 20.11.2026., 09:15.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pregledaj' })).not.toBeInTheDocument();
    expect(screen.getByText('Ivo Autor poslao/la je sadržaj na pregled 20.11.2026., 09:15.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spremi promjene' })).toBeInTheDocument();
  });

  it('shows a returned draft’s comment above the editor, and offers to send it for review again', async () => {
    const returned: ReviewStep = {
      id: 2,
      action: 'returned',
      by: { id: 3, name: 'Ana Admin' },
      comment: 'Dodajte kartu.',
      at,
    };
    const { user } = openConsole('CREATOR', '/admin/content/5', {
      'GET /content/5': () => ok({ ...inReview, status: 'draft', creator: { id: 7, name: 'Ana Anić' } }),
      'GET /content/5/reviews': () => ok([returned, ...history]),
      'GET /review/settings': () => ok(settings({ mayReview: false, reviewed: true })),
      'GET /categories': () => ok([]),
    });
    const [note] = await screen.findAllByText('Ana Admin vratio/la je sadržaj na doradu 20.11.2026., 09:15:');
    expect(note?.closest('details')).toBeNull();
    expect(note?.closest('p')).toHaveTextContent('Dodajte kartu.');
    expect(screen.getByRole('button', { name: 'Spremi skicu' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Objavi odmah/ }));
    expect(screen.getByRole('button', { name: 'Pošalji na pregled' })).toBeInTheDocument();
    expect(screen.getByText(/Vaša organizacija pregledava sadržaj prije objave/)).toBeInTheDocument();
  });
});
