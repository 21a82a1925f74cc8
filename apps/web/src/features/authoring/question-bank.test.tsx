import type { BankQuestion, Role } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];
const at = new Date(2026, 10, 20, 9, 15).toISOString();

function openConsole(role: Role, path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /question-bank/categories': () =>
      ok([
        { name: 'Prva pomoć', questions: 1 },
        { name: 'Zaštita od požara', questions: 2 },
      ]),
    ...routes,
  });
  return { ...renderApp(path), api };
}

const banked = (id: number, overrides: Partial<BankQuestion> = {}): BankQuestion => ({
  id,
  category: 'Zaštita od požara',
  title: `Pitanje ${id}`,
  type: 'SINGLE',
  answers: [
    { title: 'Točno', isCorrect: true },
    { title: 'Netočno', isCorrect: false },
  ],
  createdBy: { id: 9, name: 'Ivo Autor' },
  updatedAt: at,
  mayChange: true,
  ...overrides,
});

describe('the question bank screen', () => {
  it('lists the bank by category, with the tools only on the questions the caller may change', async () => {
    const { user, api } = openConsole('CREATOR', '/admin/question-bank', {
      'GET /question-bank': () =>
        ok({ count: 2, questions: [banked(1), banked(2, { mayChange: false, createdBy: null })] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Banka pitanja' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pitanja u banci' });
    const [, mine, theirs] = within(table).getAllByRole('row');
    expect(within(mine as HTMLElement).getByText('Jedan odgovor · 2 odgovora · točni označeni')).toBeInTheDocument();
    expect(within(mine as HTMLElement).getByRole('button', { name: 'Uredi pitanje „Pitanje 1”' })).toBeInTheDocument();
    expect(within(theirs as HTMLElement).queryByRole('button', { name: /Uredi/ })).not.toBeInTheDocument();
    expect(within(theirs as HTMLElement).getByText('Bivši korisnik')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Kategorija'), 'Prva pomoć (1)');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/question-bank' && c.url.includes('category=Prva+pomo%C4%87'))).toBe(
        true,
      ),
    );
  });

  it('says when the bank is empty, and offers to load it again when it fails', async () => {
    let failing = true;
    const { user } = openConsole('ADMIN', '/admin/question-bank', {
      'GET /question-bank': () =>
        failing ? fail(503, 'ServiceUnavailable', 'Nedostupno') : ok({ count: 0, questions: [] }),
    });
    expect(await screen.findByText('Pitanja iz banke nisu se učitala.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByText('Banka je prazna')).toBeInTheDocument();
  });

  it('writes a new question: checked before it is sent, then saved with its category and marks', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/question-bank', {
      'GET /question-bank': () => ok({ count: 0, questions: [] }),
      'POST /question-bank': (request) => ok(banked(5, request.body as Partial<BankQuestion>)),
    });
    await user.click(await screen.findByRole('button', { name: 'Novo pitanje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo pitanje u banci' });
    await user.click(within(dialog).getByRole('button', { name: 'Spremi u banku' }));
    expect(await within(dialog).findAllByText('Obavezno')).not.toHaveLength(0);
    expect(api.find('POST', '/question-bank')).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Kategorija'), 'Prva pomoć');
    await user.type(within(dialog).getByLabelText('Tekst pitanja'), 'Koji je broj hitne službe?');
    await user.type(within(dialog).getByLabelText('Odgovor 1'), '112');
    await user.type(within(dialog).getByLabelText('Odgovor 2'), '911');
    await user.click(within(dialog).getByRole('radio', { name: 'Točan odgovor 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Spremi u banku' }));
    await waitFor(() => expect(api.find('POST', '/question-bank')).toBeDefined());
    expect(api.find('POST', '/question-bank')?.body).toEqual({
      category: 'Prva pomoć',
      question: {
        title: 'Koji je broj hitne službe?',
        type: 'SINGLE',
        answers: [
          { title: '112', isCorrect: true },
          { title: '911', isCorrect: false },
        ],
      },
    });
    expect(await screen.findByText('Pitanje je spremljeno u banku.')).toBeInTheDocument();
  });

  it('shows the server’s refusal beside its field, and deletes a question once confirmed', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/question-bank', {
      'GET /question-bank': () => ok({ count: 1, questions: [banked(1)] }),
      'PUT /question-bank/1': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'BodyParamsInvalid',
          message: 'Neispravno',
          field: 'category',
          fields: [{ field: 'category', message: 'Predugo' }],
        },
      }),
      'DELETE /question-bank/1': () => ok({ deleted: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Uredi pitanje „Pitanje 1”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uređivanje pitanja u banci' });
    expect(within(dialog).getByLabelText('Kategorija')).toHaveValue('Zaštita od požara');
    await user.click(within(dialog).getByRole('button', { name: 'Spremi u banku' }));
    expect(await within(dialog).findByText('Predugo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Odustani' }));

    await user.click(screen.getByRole('button', { name: 'Izbriši pitanje „Pitanje 1”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Brisanje pitanja iz banke' });
    await user.click(within(confirm).getByRole('button', { name: 'Izbriši' }));
    await waitFor(() => expect(api.find('DELETE', '/question-bank/1')).toBeDefined());
    expect(await screen.findByText('Pitanje je izbrisano iz banke.')).toBeInTheDocument();
  });
});

describe('the bank in the content editor', () => {
  const openEditor = (type: RegExp) => {
    const made = makeStaffContent(41, { status: 'draft', questions: [] });
    const opened = openConsole('CREATOR', '/admin/content/new', {
      'POST /content': () => ok(made),
      'GET /content/41': () => ok(made),
      'GET /question-bank': (request) =>
        ok(
          request.url.includes('category=')
            ? { count: 2, questions: [banked(1), banked(2)] }
            : { count: 1, questions: [banked(3, { title: 'Gdje je aparat za gašenje?' })] },
        ),
      'POST /question-bank': (request) => ok(banked(9, request.body as Partial<BankQuestion>)),
    });
    return { ...opened, pick: async () => opened.user.click(await screen.findByRole('button', { name: type })) };
  };

  it('adds a question, then a whole category, as copies that keep an education’s correct answers', async () => {
    const { user, api, pick } = openEditor(/Edukacija/);
    await pick();
    await user.type(screen.getByLabelText('Naziv'), 'Zaštita od požara');
    await user.click(screen.getByRole('button', { name: 'Dodaj iz banke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dodavanje pitanja iz banke' });
    await user.click(await within(dialog).findByRole('button', { name: 'Dodaj pitanje „Gdje je aparat za gašenje?”' }));
    await user.selectOptions(within(dialog).getByLabelText('Kategorija'), 'Zaštita od požara (2)');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Dodaj cijelu kategoriju „Zaštita od požara” (2 pitanja)' }),
    );
    expect(await within(dialog).findByText('Dodana su 3 pitanja.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Gotovo' }));

    // The new quiz's empty first question, then the three copies.
    expect(screen.getAllByRole('group', { name: /^Pitanje \d$/ })).toHaveLength(4);
    await user.type(screen.getByLabelText('Pitanja po pokušaju'), '2');
    await user.click(screen.getByRole('button', { name: 'Izbriši pitanje 1' }));
    await user.click(screen.getByRole('radio', { name: /Spremi kao skicu/ }));
    await user.click(screen.getByRole('button', { name: 'Spremi skicu' }));
    await waitFor(() => expect(api.find('POST', '/content')).toBeDefined());
    const body = api.find('POST', '/content')?.body as { questions: unknown[]; settings: unknown };
    expect(body.settings).toMatchObject({ questionsPerAttempt: 2 });
    expect(body.questions).toEqual([
      {
        title: 'Gdje je aparat za gašenje?',
        type: 'SINGLE',
        answers: [
          { title: 'Točno', isCorrect: true },
          { title: 'Netočno', isCorrect: false },
        ],
      },
      expect.objectContaining({ title: 'Pitanje 1' }),
      expect.objectContaining({ title: 'Pitanje 2' }),
    ]);
  });

  it('drops the correct answers of a copy added to a poll, and saves a poll’s question to the bank', async () => {
    const { user, api, pick } = openEditor(/Anketa/);
    await pick();
    await user.click(screen.getByRole('button', { name: 'Dodaj iz banke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dodavanje pitanja iz banke' });
    await user.click(await within(dialog).findByRole('button', { name: 'Dodaj pitanje „Gdje je aparat za gašenje?”' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gotovo' }));
    const added = screen.getByRole('group', { name: 'Pitanje 2' });
    expect(within(added).getByLabelText('Tekst pitanja')).toHaveValue('Gdje je aparat za gašenje?');
    expect(within(added).queryByRole('radio', { name: /Točan/ })).not.toBeInTheDocument();

    await user.click(within(added).getByRole('button', { name: 'Spremi pitanje 2 u banku' }));
    const save = await screen.findByRole('dialog', { name: 'Novo pitanje u banci' });
    expect(within(save).getByLabelText('Tekst pitanja')).toHaveValue('Gdje je aparat za gašenje?');
    await user.type(within(save).getByLabelText('Kategorija'), 'Ankete');
    await user.click(within(save).getByRole('button', { name: 'Spremi u banku' }));
    await waitFor(() => expect(api.find('POST', '/question-bank')).toBeDefined());
    expect(api.find('POST', '/question-bank')?.body).toMatchObject({
      category: 'Ankete',
      question: { title: 'Gdje je aparat za gašenje?', answers: [{ isCorrect: false }, { isCorrect: false }] },
    });
  });
});
