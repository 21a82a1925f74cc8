import type { StaffAttempt, StaffContentRow } from '@kanal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const at = new Date(2026, 10, 20, 9, 15).toISOString();

const makeRow = (id: number, overrides: Partial<StaffContentRow> = {}): StaffContentRow => ({
  id,
  type: 'INFORMATION',
  configuration: 'COMMUNICATION',
  status: 'published',
  name: `Obavijest ${id}`,
  category: 'Novosti',
  image: null,
  publishAt: at,
  updatedAt: at,
  creator: { id: 7, name: 'Ana Anić' },
  counts: { audience: 40, viewed: 12, finished: 9 },
  delivering: false,
  task: null,
  ...overrides,
});

function openConsole(role: 'ADMIN' | 'CREATOR' | 'ANALYST', path: string, routes: Routes = {}) {
  const who = signInAs(role);
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /content/info/categories': () => ok(['Novosti', 'Sigurnost']),
    'GET /group': () => ok({ count: 0, items: [] }),
    'GET /audience/people': () => ok({ count: 0, items: [] }),
    ...routes,
  });
  return { ...renderApp(path), api };
}

describe('the content list', () => {
  it('lists items with their status and reach, and keeps the status chip and type filter in the URL', async () => {
    const { user, router, api } = openConsole('ADMIN', '/admin/content', {
      'GET /content': (request) => {
        const { status } = query(request);
        const rows = [makeRow(1), makeRow(2, { status: 'draft', name: 'Skica plana' })];
        const matching = status ? rows.filter((row) => row.status === status) : rows;
        return ok({ count: matching.length, items: matching });
      },
    });
    const table = await screen.findByRole('table', { name: 'Sadržaj' });
    const row = within(table).getByRole('row', { name: /Obavijest 1/ });
    expect(within(row).getByRole('link', { name: 'Obavijest 1' })).toHaveAttribute('href', '/admin/content/1');
    expect(within(row).getByText('Objavljeno')).toBeInTheDocument();
    expect(within(row).getByText('Primatelja: 40 · otvorilo: 12 · završilo: 9')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skica' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await waitFor(() => expect(within(table).queryByText('Obavijest 1')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Skica' })).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByLabelText('Vrsta'), 'EDUCATION');
    await waitFor(() =>
      expect(query(api.calls.at(-1) as FakeRequest)).toMatchObject({ status: 'draft', type: 'EDUCATION' }),
    );
  });

  it('tells a repeating task’s occurrences apart: the deadline, how often, which repeat, and which are replaced', async () => {
    const task = (id: number, occurrence: number, replaced: boolean) =>
      makeRow(id, {
        type: 'TASK',
        name: `Tjedni izvještaj ${id}`,
        task: {
          deadline: new Date(2026, 11, occurrence + 1, 16, 0).toISOString(),
          repeat: 'WEEKLY',
          occurrence,
          replaced,
        },
      });
    openConsole('ADMIN', '/admin/content', {
      'GET /content': () => ok({ count: 3, items: [task(3, 2, false), task(2, 1, true), makeRow(1)] }),
    });
    const table = await screen.findByRole('table', { name: 'Sadržaj' });
    expect(within(table).getByRole('row', { name: /Tjedni izvještaj 3/ })).toHaveTextContent(
      'Rok 03.12.2026., 16:00 · Svaki tjedan · 2. ponavljanje',
    );
    expect(within(table).getByRole('row', { name: /Tjedni izvještaj 2/ })).toHaveTextContent(
      'Rok 02.12.2026., 16:00 · Svaki tjedan · 1. ponavljanje · Zamijenjeno sljedećim ponavljanjem',
    );
    expect(within(table).getByRole('row', { name: /Obavijest 1/ })).not.toHaveTextContent(/Rok|ponavlj/);
  });

  it('says an item is still being delivered and follows its count until every inbox has it', async () => {
    let calls = 0;
    openConsole('ADMIN', '/admin/content', {
      'GET /content': () => {
        calls += 1;
        const done = calls > 1;
        const row = makeRow(1, {
          counts: { audience: done ? 98001 : 2000, viewed: 0, finished: 0 },
          delivering: !done,
        });
        return ok({ count: 1, items: [row] });
      },
    });
    const table = await screen.findByRole('table', { name: 'Sadržaj' });
    expect(
      within(table).getByText('Primatelja: 2000 · otvorilo: 0 · završilo: 0 · još se dostavlja'),
    ).toBeInTheDocument();
    // Looked at again on its own, a few seconds later.
    expect(await within(table).findByText('Primatelja: 98001 · otvorilo: 0 · završilo: 0')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('offers to create the first item when there is none, and no creation to an analyst', async () => {
    openConsole('ADMIN', '/admin/content', { 'GET /content': () => ok({ count: 0, items: [] }) });
    expect(await screen.findByText('Još nema sadržaja')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Novi sadržaj' })).toHaveLength(2);
  });

  it('gives a creator the content alone, and an analyst no way to create', async () => {
    openConsole('CREATOR', '/admin', { 'GET /content': () => ok({ count: 1, items: [makeRow(1)] }) });
    expect(await screen.findByRole('table', { name: 'Sadržaj' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Administracija' });
    expect(within(nav).getByRole('link', { name: 'Sadržaj' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Osobe' })).not.toBeInTheDocument();
  });

  it('archives a published item after asking', async () => {
    let archived = false;
    const { user, api } = openConsole('ADMIN', '/admin/content', {
      'GET /content': () => ok({ count: 1, items: [makeRow(1, { status: archived ? 'archived' : 'published' })] }),
      'POST /content/1/archive': () => {
        archived = true;
        return ok(makeStaffContent(1, { status: 'archived' }));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Radnje: Obavijest 1' }));
    await user.click(screen.getByRole('button', { name: 'Arhiviraj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arhiviranje sadržaja „Obavijest 1”' });
    await user.click(within(dialog).getByRole('button', { name: 'Arhiviraj' }));
    await waitFor(() => expect(api.find('POST', '/content/1/archive')).toBeDefined());
    expect(await screen.findByText('Sadržaj „Obavijest 1” je arhiviran.')).toBeInTheDocument();
    expect(await screen.findByText('Arhivirano')).toBeInTheDocument();
  });

  it('brings an archived item back as a draft after asking, and offers to publish it again', async () => {
    let status: StaffContentRow['status'] = 'archived';
    const { user, api } = openConsole('ADMIN', '/admin/content', {
      'GET /content': () => ok({ count: 1, items: [makeRow(1, { status })] }),
      'PATCH /content/1': () => {
        status = 'draft';
        return ok(makeStaffContent(1, { status }));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Radnje: Obavijest 1' }));
    expect(screen.getByRole('button', { name: 'Objavi ponovno' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Arhiviraj' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vrati u skice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vraćanje sadržaja „Obavijest 1” u skice' });
    await user.click(within(dialog).getByRole('button', { name: 'Vrati u skice' }));
    await waitFor(() =>
      expect(api.find('PATCH', '/content/1')?.body).toEqual({ publish: { mode: 'draft', at: null } }),
    );
    expect(await screen.findByText('Sadržaj „Obavijest 1” vraćen je u skice.')).toBeInTheDocument();
    expect(await screen.findByText('Skica')).toBeInTheDocument();
  });
});

describe('the content editor', () => {
  it('starts with the type, saves a draft announcement and opens it', async () => {
    const made = makeStaffContent(31, {
      type: 'INFORMATION',
      status: 'draft',
      name: 'Novi radni prostor',
      questions: [],
    });
    const { user, router, api } = openConsole('CREATOR', '/admin/content/new', {
      'POST /content': () => ok(made),
      'GET /content/31': () => ok(made),
    });
    await user.click(await screen.findByRole('button', { name: /Informacija/ }));
    await user.type(screen.getByLabelText('Naziv'), 'Novi radni prostor');
    await user.type(screen.getByLabelText('Kratak opis'), 'Selimo na treći kat.');
    await user.click(screen.getByRole('radio', { name: /Spremi kao skicu/ }));
    await user.click(screen.getByRole('button', { name: 'Spremi skicu' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/31'));
    expect(api.find('POST', '/content')?.body).toMatchObject({
      type: 'INFORMATION',
      name: 'Novi radni prostor',
      description: 'Selimo na treći kat.',
      questions: [],
      task: null,
      publish: { mode: 'draft', at: null },
    });
    expect(await screen.findByText('Sadržaj „Novi radni prostor” spremljen je kao skica.')).toBeInTheDocument();
  });

  it('saves a quiz draft with a half-written question, and asks for it whole only to publish', async () => {
    const made = makeStaffContent(32, { status: 'draft', name: 'Zaštita na radu', questions: [] });
    const { user, api } = openConsole('CREATOR', '/admin/content/new', {
      'POST /content': () => ok(made),
      'GET /content/32': () => ok(made),
    });
    await user.click(await screen.findByRole('button', { name: /Edukacija/ }));
    await user.type(screen.getByLabelText('Naziv'), 'Zaštita na radu');
    // A new quiz starts with one question, not yet written.
    await user.click(screen.getByRole('button', { name: 'Objavi' }));
    expect(await screen.findAllByText('Obavezno')).not.toHaveLength(0);
    expect(api.find('POST', '/content')).toBeUndefined();

    await user.click(screen.getByRole('radio', { name: /Spremi kao skicu/ }));
    await user.click(screen.getByRole('button', { name: 'Spremi skicu' }));
    await waitFor(() => expect(api.find('POST', '/content')).toBeDefined());
    expect(api.find('POST', '/content')?.body).toMatchObject({
      type: 'EDUCATION',
      questions: [{ title: '', type: 'SINGLE', answers: [{ title: '' }, { title: '' }] }],
      publish: { mode: 'draft' },
    });
  });

  it('gives a poll an optional due date and reminder, without a repetition, and wants the date for a reminder', async () => {
    const made = makeStaffContent(33, { type: 'POLL', status: 'draft', name: 'Zadovoljstvo na poslu', questions: [] });
    const { user, api } = openConsole('CREATOR', '/admin/content/new', {
      'POST /content': () => ok(made),
      'GET /content/33': () => ok(made),
    });
    await user.click(await screen.findByRole('button', { name: /Anketa/ }));
    await user.type(screen.getByLabelText('Naziv'), 'Zadovoljstvo na poslu');
    expect(screen.queryByLabelText('Ponavljanje')).not.toBeInTheDocument();
    const reminder = screen.getByLabelText('Podsjetnik');
    await user.selectOptions(reminder, '1 dan prije roka');
    await user.click(screen.getByRole('radio', { name: /Spremi kao skicu/ }));
    await user.click(screen.getByRole('button', { name: 'Spremi skicu' }));
    expect(await screen.findByText('Podsjetnik treba rok')).toBeInTheDocument();
    expect(reminder).toHaveAttribute('aria-invalid', 'true');
    expect(api.find('POST', '/content')).toBeUndefined();

    fireEvent.input(screen.getByLabelText('Rok (neobavezno)'), { target: { value: '2026-12-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Spremi skicu' }));
    await waitFor(() => expect(api.find('POST', '/content')).toBeDefined());
    expect(api.find('POST', '/content')?.body).toMatchObject({
      type: 'POLL',
      task: { deadline: new Date(2026, 11, 1, 9, 0).toISOString(), repeat: 'NO_REPEAT', reminderMinutes: 1440 },
    });
  });

  it('checks the rules before sending, and shows a refusal of the server beside its field', async () => {
    const { user, api } = openConsole('ADMIN', '/admin/content/new', {
      'POST /content': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'BodyParamsInvalid',
          message: 'Neispravan podatak',
          field: 'material.link',
          fields: [{ field: 'material.link', message: 'Upišite poveznicu na YouTube ili Vimeo video' }],
          requestId: 'r',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Zadatak/ }));
    await user.click(screen.getByRole('button', { name: 'Objavi' }));
    // Nothing is sent while the contract's rules fail: a task needs its name, its deadline and an audience.
    expect(await screen.findAllByText('Obavezno')).not.toHaveLength(0);
    expect(api.find('POST', '/content')).toBeUndefined();
    expect(screen.getByLabelText('Rok')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the questions of an answered item out of its changes and says why', async () => {
    const item = makeStaffContent(5, { locked: true });
    const { user, api } = openConsole('ADMIN', '/admin/content/5', {
      'GET /content/5': () => ok(item),
      'PATCH /content/5': () => ok({ ...item, name: 'Zaštita na radu 2', updatedAt: new Date().toISOString() }),
    });
    expect(await screen.findByText(/već odgovarali, pa se pitanja/)).toBeInTheDocument();
    const name = screen.getByLabelText('Naziv');
    await user.clear(name);
    await user.type(name, 'Zaštita na radu 2');
    await user.click(screen.getByRole('button', { name: 'Spremi promjene' }));
    await waitFor(() => expect(api.find('PATCH', '/content/5')).toBeDefined());
    const body = api.find('PATCH', '/content/5')?.body as Record<string, unknown>;
    expect(body.name).toBe('Zaštita na radu 2');
    expect(body).not.toHaveProperty('questions');
    // A published item keeps its time unless the publishing was changed.
    expect(body).not.toHaveProperty('publish');
    expect(await screen.findByText('Promjene na „Zaštita na radu 2” su spremljene.')).toBeInTheDocument();
  });

  it('shows the server’s conflict above the buttons when the item cannot take the change', async () => {
    const { user } = openConsole('ADMIN', '/admin/content/5', {
      'GET /content/5': () => ok(makeStaffContent(5)),
      'PATCH /content/5': () => fail(409, 'ContentLocked', 'Na ovaj su sadržaj već odgovarali: napravite kopiju.'),
    });
    const name = await screen.findByLabelText('Naziv');
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Spremi promjene' }));
    // The web app's own words for the code, in the user's language.
    expect(await screen.findByRole('alert')).toHaveTextContent(/Napravite kopiju/);
  });

  it('is read-only to someone who may not change the item', async () => {
    openConsole('CREATOR', '/admin/content/5', {
      'GET /content/5': () => ok(makeStaffContent(5, { editable: false })),
    });
    expect(await screen.findByText('Ovaj sadržaj možete samo pregledati.')).toBeInTheDocument();
    expect(screen.getByLabelText('Naziv')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Spremi promjene' })).not.toBeInTheDocument();
  });

  it('keeps unsaved work in the browser and offers it back on the next visit', async () => {
    const routes: Routes = { 'GET /content/5': () => ok(makeStaffContent(5)) };
    const first = openConsole('ADMIN', '/admin/content/5', routes);
    const name = await screen.findByLabelText('Naziv');
    await first.user.type(name, ' – nova verzija');
    await waitFor(() => expect(localStorage.getItem('kanal.editor.1.5')).toContain('nova verzija'));
    first.unmount();

    const second = openConsole('ADMIN', '/admin/content/5', routes);
    expect(await screen.findByText(/Preglednik je sačuvao nespremljene promjene/)).toBeInTheDocument();
    expect(screen.getByLabelText('Naziv')).toHaveValue('Zaštita na radu');
    await second.user.click(screen.getByRole('button', { name: 'Vrati promjene' }));
    expect(screen.getByLabelText('Naziv')).toHaveValue('Zaštita na radu – nova verzija');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = openConsole('ADMIN', '/admin/content/5', {
      'GET /content/5': () => ok(makeStaffContent(5)),
      'GET /content': () => ok({ count: 0, items: [] }),
    });
    await user.type(await screen.findByLabelText('Naziv'), '!');
    await user.click(screen.getByRole('link', { name: 'Odustani' }));
    const dialog = await screen.findByRole('dialog', { name: 'Napustiti uređivanje?' });
    expect(router.state.location.pathname).toBe('/admin/content/5');
    await user.click(within(dialog).getByRole('button', { name: 'Napusti' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content'));
  });
});

describe('an item’s answers', () => {
  it('shows who answered what, with the correct answer beside a wrong one, and deletes an attempt', async () => {
    const attempt: StaffAttempt = {
      id: 70,
      contentId: 5,
      createdAt: at,
      finalMark: 0,
      correct: 0,
      total: 1,
      passed: false,
      user: { id: 8, name: 'Marko Marić' },
      content: { id: 5, name: 'Zaštita na radu', type: 'EDUCATION' },
      userAnswers: [
        {
          question: { id: 1, order: 0, title: 'Gdje je aparat za gašenje?', type: 'SINGLE' },
          text: null,
          answers: [{ id: 12, title: 'Nigdje' }],
          correct: false,
          correctAnswers: [{ id: 11, title: 'U hodniku' }],
        },
      ],
    };
    const { userAnswers: _answers, ...row } = attempt;
    const { user, api } = openConsole('ADMIN', '/admin/content/5/answers', {
      'GET /content/5': () => ok(makeStaffContent(5)),
      'GET /userAnswer': () => ok({ count: 1, items: [row] }),
      'GET /userAnswer/70': () => ok(attempt),
      'DELETE /userAnswer/70': () => ok({ points: 0, finished: false }),
    });
    const table = await screen.findByRole('table', { name: 'Odgovori' });
    expect(within(table).getByText('0 % (0 od 1)')).toBeInTheDocument();
    expect(within(table).getByText('nije položeno')).toBeInTheDocument();
    expect(query(api.find('GET', '/userAnswer') as FakeRequest)).toMatchObject({ content: '5' });

    await user.click(within(table).getByRole('button', { name: 'Pogledaj: Marko Marić' }));
    const dialog = await screen.findByRole('dialog', { name: /Marko Marić/ });
    expect(await within(dialog).findByText('Netočno; točan odgovor: U hodniku')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zatvori' }));

    await user.click(within(table).getByRole('button', { name: 'Obriši pokušaj: Marko Marić' }));
    const confirm = await screen.findByRole('dialog', { name: 'Obrisati pokušaj osobe Marko Marić?' });
    await user.click(within(confirm).getByRole('button', { name: 'Obriši pokušaj' }));
    expect(await screen.findByText('Pokušaj je obrisan. Bodovi osobe Marko Marić: 0.')).toBeInTheDocument();
  });

  it('shows no one’s answers to a poll', async () => {
    openConsole('ADMIN', '/admin/content/6/answers', {
      'GET /content/6': () => ok(makeStaffContent(6, { type: 'POLL' })),
    });
    expect(await screen.findByText(/Anketa je anonimna/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
