import type { Role, StaffComment } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];
const at = new Date(2026, 10, 20, 9, 15).toISOString();

const makeComment = (id: number, overrides: Partial<StaffComment> = {}): StaffComment => ({
  id,
  text: `Komentar ${id}`,
  createdAt: at,
  user: { id: 8, name: 'Marko Marić' },
  // The signed-in person (7) made the item: theirs to moderate.
  content: { id: 5, name: 'Zaštita na radu', creatorId: 7 },
  reply: null,
  hidden: null,
  handledAt: null,
  ...overrides,
});

function openConsole(role: Role, path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({ 'GET /auth/me': () => ok(who), ...routes });
  return { ...renderApp(path), api };
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('an item’s comments', () => {
  it('lists them and deletes one after asking', async () => {
    let comments = [
      makeComment(1, { text: 'Odlično objašnjeno.' }),
      makeComment(2, { text: 'Neprikladno', user: { id: 9, name: 'Iva Ivić' } }),
    ];
    const { user, api } = openConsole('ADMIN', '/admin/content/5/comments', {
      'GET /content/5': () => ok(makeStaffContent(5)),
      'GET /content/5/comment': () => ok({ count: comments.length, items: comments }),
      'DELETE /content/5/comment/2': () => {
        comments = comments.filter((c) => c.id !== 2);
        return ok({ deleted: 1 });
      },
    });
    expect(await screen.findByText('Odlično objašnjeno.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /u redu za moderiranje/ })).toHaveAttribute(
      'href',
      '/admin/comments?content=5',
    );
    await user.click(screen.getByRole('button', { name: 'Obriši komentar: Iva Ivić' }));
    const dialog = await screen.findByRole('dialog', { name: 'Obrisati komentar osobe Iva Ivić?' });
    await user.click(within(dialog).getByRole('button', { name: 'Obriši komentar' }));
    await waitFor(() => expect(api.find('DELETE', '/content/5/comment/2')).toBeDefined());
    await waitFor(() => expect(screen.queryByText('Neprikladno')).not.toBeInTheDocument());
    expect(screen.getByText('Odlično objašnjeno.')).toBeInTheDocument();
  });
});

describe('the comment queue', () => {
  it('narrows to new ones and to one person, the filters in the URL', async () => {
    const { user, api, router } = openConsole('ADMIN', '/admin/comments', {
      'GET /comments': () =>
        ok({ count: 2, items: [makeComment(1), makeComment(2, { handledAt: at, reply: { text: 'Hvala!', at } })] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Komentari' })).toBeInTheDocument();
    const first = (await screen.findByText('Komentar 1')).closest('li') as HTMLElement;
    expect(within(first).getByText('Novo')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Zaštita na radu/ })).toHaveAttribute(
      'href',
      '/admin/comments?content=5',
    );
    const second = screen.getByText('Komentar 2').closest('li') as HTMLElement;
    expect(within(second).getByText('Obrađeno')).toBeInTheDocument();
    expect(within(second).getByText('Odgovor organizacije, 20.11.2026., 09:15')).toBeInTheDocument();
    expect(within(second).getByText('Hvala!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novi' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=new'));
    await waitFor(() => expect(queryOf(api.calls.at(-1)?.url ?? '')).toMatchObject({ state: 'new' }));
    await user.click(within(first).getByRole('link', { name: /Marko Marić/ }));
    await waitFor(() => expect(queryOf(api.calls.at(-1)?.url ?? '')).toMatchObject({ state: 'new', user: '8' }));
    expect(await screen.findByText('Prikazani su komentari osobe Marko Marić.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prikaži sve osobe' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=new'));
  });

  it('replies after checking the reply is not empty, and the card shows it', async () => {
    let comment = makeComment(1);
    const { user, api } = openConsole('CREATOR', '/admin/comments', {
      'GET /comments': () => ok({ count: 1, items: [comment] }),
      'PATCH /content/5/comment/1': (request) => {
        const { reply } = request.body as { reply: string };
        comment = { ...comment, reply: { text: reply, at }, handledAt: at };
        return ok(comment);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Odgovori: Marko Marić' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odgovor osobi Marko Marić' });
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji odgovor' }));
    expect(await within(dialog).findByText('Odgovor ne može biti prazan.')).toBeInTheDocument();
    expect(api.find('PATCH', '/content/5/comment/1')).toBeUndefined();
    await user.type(within(dialog).getByRole('textbox', { name: 'Odgovor' }), 'Pogledajte drugo poglavlje.');
    await user.click(within(dialog).getByRole('button', { name: 'Pošalji odgovor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('PATCH', '/content/5/comment/1')?.body).toEqual({ reply: 'Pogledajte drugo poglavlje.' });
    expect(await screen.findByText('Pogledajte drugo poglavlje.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uredi odgovor: Marko Marić' })).toBeInTheDocument();
  });

  it('hides with a reason, showing the server’s refusal beside it, then marks handled', async () => {
    let comment = makeComment(1);
    let refuse = true;
    const { user, api } = openConsole('ADMIN', '/admin/comments', {
      'GET /comments': () => ok({ count: 1, items: [comment] }),
      'PATCH /content/5/comment/1': (request) => {
        const body = request.body as { hidden?: { reason: string }; handled?: boolean };
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: { statusCode: 400, code: 'BodyParamsInvalid', message: 'Predugo', field: 'hidden.reason' },
          };
        }
        comment = body.hidden
          ? { ...comment, hidden: { reason: body.hidden.reason, at }, handledAt: at }
          : { ...comment, handledAt: body.handled ? at : null };
        return ok(comment);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sakrij: Marko Marić' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sakriti komentar osobe Marko Marić?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Razlog' }), 'Nije vezano uz temu.');
    await user.click(within(dialog).getByRole('button', { name: 'Sakrij' }));
    expect(await within(dialog).findByText('Predugo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sakrij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Skriveno: Nije vezano uz temu.')).toBeInTheDocument();
    expect(screen.getByText('Skriveno', { selector: '.status-badge' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vrati među nove: Marko Marić' }));
    await waitFor(() => expect(api.calls.at(-2)?.body).toEqual({ handled: false }));
    expect(await screen.findByRole('button', { name: 'Označi kao obrađeno: Marko Marić' })).toBeInTheDocument();
  });

  it('offers no changes on items the person may not change', async () => {
    openConsole('ANALYST', '/admin/comments', {
      'GET /comments': () =>
        ok({ count: 1, items: [makeComment(1, { content: { id: 5, name: 'Tuđe', creatorId: 9 } })] }),
    });
    expect(await screen.findByText('Komentar 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Odgovori/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Obriši/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing new, and offers another try when the list fails', async () => {
    let broken = true;
    const { user } = openConsole('ADMIN', '/admin/comments?state=new', {
      'GET /comments': () => (broken ? fail(500, 'SomethingWentWrong', 'Greška.') : ok({ count: 0, items: [] })),
    });
    expect(await screen.findByText('Komentari se nisu učitali.')).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByText('Svi su komentari obrađeni.')).toBeInTheDocument();
  });
});
