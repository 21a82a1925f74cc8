import { QUIZ_ADVANCE_EDUCATION_MS, richDocOf, type StaffContent } from '@kanal/contract';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const file = (fileId: string) => `/api/files/${fileId}`;

const makeItem = (overrides: Partial<StaffContent> = {}): StaffContent =>
  makeStaffContent(4, {
    status: 'draft',
    settings: {
      timeRestriction: null,
      passingScore: 0.75,
      comments: true,
      certificate: false,
      questionsPerAttempt: null,
    },
    material: {
      link: null,
      doc: richDocOf('Aparat za gašenje visi uz izlaz.'),
      html: '<p>Aparat za gašenje visi uz izlaz.</p>',
    },
    media: [
      { id: 31, fileId: 'f-31', name: 'hodnik.jpg', type: 'IMAGE', mime: 'image/jpeg', size: 1000, url: file('f-31') },
      { id: 32, fileId: 'f-32', name: 'izlaz.jpg', type: 'IMAGE', mime: 'image/jpeg', size: 1000, url: file('f-32') },
      {
        id: 33,
        fileId: 'f-33',
        name: 'Pravilnik.pdf',
        type: 'DOCUMENT',
        mime: 'application/pdf',
        size: 2000,
        url: file('f-33'),
      },
    ],
    questions: [
      {
        id: 1,
        title: 'Gdje je aparat za gašenje?',
        type: 'SINGLE',
        answers: [
          { id: 11, title: 'Uz izlaz', isCorrect: true },
          { id: 12, title: 'Nigdje', isCorrect: false },
        ],
      },
      {
        id: 2,
        title: 'Što nosite na gradilištu?',
        type: 'MULTIPLE',
        answers: [
          { id: 21, title: 'Kacigu', isCorrect: true },
          { id: 22, title: 'Rukavice', isCorrect: true },
          { id: 23, title: 'Japanke', isCorrect: false },
        ],
      },
    ],
    counts: { audience: 0, viewed: 0, finished: 0 },
    delivering: false,
    ...overrides,
  });

function openPreview(item: StaffContent, { path = `/admin/content/${item.id}/preview`, fakeClock = false } = {}) {
  const who = signInAs('ADMIN');
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    [`GET /content/${item.id}`]: () => ok(item),
    'GET /content/info/categories': () => ok(['Sigurnost']),
    'GET /group': () => ok({ count: 0, items: [] }),
    'GET /user': () => ok({ count: 0, items: [] }),
  });
  // With a fake clock (moving on by itself), the test moves it past the 2 s an education's verdict stays on screen.
  const view = renderApp(path, fakeClock ? { user: { advanceTimers: vi.advanceTimersByTime } } : {});
  return { ...view, api };
}

const writes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');
const keptRuns = () => Object.keys(localStorage).filter((key) => /^kanal\.(form|materials|outbox)\./.test(key));

describe('content preview', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an education as its recipients see it: intro, materials, the questions judged in memory, nothing written', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api, router } = openPreview(makeItem(), { fakeClock: true });

    expect(await screen.findByText('Pregled — ovako primatelji vide sadržaj; ništa se ne bilježi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag na uređivanje' })).toHaveAttribute('href', '/admin/content/4');

    // The intro: the end user's screen, its counts made from the staff item; no way out to the home screen.
    const tabs = screen.getByRole('tablist', { name: 'Dijelovi sadržaja' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Uvod', 'Materijali', 'Pitanja']);
    expect(within(tabs).getByRole('tab', { name: 'Uvod' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 1, name: 'Zaštita na radu' })).toBeInTheDocument();
    expect(within(panel).getByText('Osnove sigurnog rada.')).toBeInTheDocument();
    const counts = within(within(panel).getByRole('region', { name: 'Sadrži' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(counts).toEqual(['2 pitanja', '2 slike', '1 dokument']);
    expect(within(panel).queryByRole('link', { name: 'Natrag' })).not.toBeInTheDocument();

    // "Kreni" goes on to the materials, in archive mode: nothing to finish, nothing marked seen.
    await user.click(within(panel).getByRole('button', { name: 'Kreni' }));
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { name: 'Materijali' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(router.state.location.search).toBe('?step=materials');
    const materials = screen.getByRole('tabpanel');
    expect(within(materials).getByText('Aparat za gašenje visi uz izlaz.')).toBeInTheDocument();
    expect(within(materials).getByRole('link', { name: /Pravilnik\.pdf/ })).toHaveAttribute('href', file('f-33'));
    await user.click(within(materials).getByRole('button', { name: 'Sljedeći slajd' }));
    expect(within(materials).getByRole('group', { name: '2 od 2' })).toBeInTheDocument();
    expect(within(materials).queryByRole('button', { name: 'Odgovori na pitanja' })).not.toBeInTheDocument();

    // The questions, with the real question screen: a wrong single choice is shown wrong at once.
    await user.click(within(tabs).getByRole('tab', { name: 'Pitanja' }));
    expect(await screen.findByText('Pitanje 1 / 2')).toBeInTheDocument();
    const questions = screen.getByRole('tabpanel');
    const options = within(questions).getByRole('group', { name: 'Gdje je aparat za gašenje?' });
    await user.click(within(options).getByRole('button', { name: 'Nigdje' }));
    expect(within(questions).getByText('Netočno.')).toHaveAttribute('role', 'status');
    expect(within(options).getByRole('button', { name: 'Nigdje' })).toHaveClass('answer-option--wrong');
    expect(within(options).getByRole('button', { name: 'Uz izlaz (točan odgovor)' })).toHaveClass(
      'answer-option--correct',
    );
    act(() => {
      vi.advanceTimersByTime(QUIZ_ADVANCE_EDUCATION_MS);
    });

    expect(await within(questions).findByText('Pitanje 2 / 2')).toBeInTheDocument();
    await user.click(within(questions).getByRole('checkbox', { name: 'Kacigu' }));
    await user.click(within(questions).getByRole('checkbox', { name: 'Rukavice' }));
    await user.click(within(questions).getByRole('button', { name: 'Završi' }));

    // The end: one of two right, under the 75 % pass mark.
    expect(await within(questions).findByText('Nažalost, niste položili edukaciju.')).toBeInTheDocument();
    expect(within(questions).getByText('Točno ste odgovorili na 1 od 2 bodovana pitanja.')).toBeInTheDocument();
    expect(within(questions).getByText('Ovo je pregled: odgovori nisu spremljeni ni poslani.')).toBeInTheDocument();

    // And again from the start.
    await user.click(within(questions).getByRole('button', { name: 'Kreni ispočetka' }));
    expect(within(questions).getByText('Pitanje 1 / 2')).toBeInTheDocument();
    const again = within(questions).getByRole('group', { name: 'Gdje je aparat za gašenje?' });
    await user.click(within(again).getByRole('button', { name: 'Uz izlaz' }));
    expect(within(questions).getByText('Točno!')).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Uz izlaz (točan odgovor)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Nothing was written: no request but reads (none to the end user's API at all), nothing kept in the browser.
    expect(writes(api.calls)).toEqual([]);
    expect(api.calls.filter((call) => call.path.startsWith('/mobile/'))).toEqual([]);
    expect(keptRuns()).toEqual([]);
  });

  it('thanks for a poll at the end, and judges nothing', async () => {
    const poll = makeItem({
      type: 'POLL',
      settings: {
        timeRestriction: null,
        passingScore: null,
        comments: false,
        certificate: false,
        questionsPerAttempt: null,
      },
      material: { link: null, doc: null, html: null },
      media: [],
      questions: [
        {
          id: 5,
          title: 'Kako ste zadovoljni?',
          type: 'SINGLE',
          answers: [
            { id: 51, title: 'Vrlo', isCorrect: false },
            { id: 52, title: 'Malo', isCorrect: false },
          ],
        },
      ],
    });
    const { user, api } = openPreview(poll);
    const panel = await screen.findByRole('tabpanel');
    const tabs = screen.getByRole('tablist', { name: 'Dijelovi sadržaja' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Uvod', 'Pitanja']);
    // With nothing to look at first, the intro's button goes straight to the questions.
    await user.click(within(panel).getByRole('button', { name: 'Odgovori na pitanja' }));
    const options = await screen.findByRole('group', { name: 'Kako ste zadovoljni?' });
    await user.click(within(options).getByRole('button', { name: 'Malo' }));
    expect(await screen.findByText('Hvala na sudjelovanju')).toBeInTheDocument();
    expect(screen.queryByText('Netočno.')).not.toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
    expect(keptRuns()).toEqual([]);
  });

  it('goes from the intro of a notice to its materials, even with none, as a recipient would', async () => {
    const notice = makeItem({
      type: 'INFORMATION',
      settings: {
        timeRestriction: null,
        passingScore: null,
        comments: true,
        certificate: false,
        questionsPerAttempt: null,
      },
      material: { link: null, doc: null, html: null },
      media: [],
      questions: [],
    });
    const { user, api } = openPreview(notice);
    const tabs = await screen.findByRole('tablist', { name: 'Dijelovi sadržaja' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Uvod', 'Materijali']);
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Kreni' }));
    // The slide a recipient would get for an item with nothing in it; no "Pročitano" to press.
    expect(await screen.findByText('Nešto je pošlo po krivu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pročitano' })).not.toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it("shows a task's own screen with its buttons doing nothing", async () => {
    const task = makeItem({
      type: 'TASK',
      name: 'Predaj izvještaj',
      description: 'Izvještaj o zalihama.',
      settings: {
        timeRestriction: null,
        passingScore: null,
        comments: true,
        certificate: false,
        questionsPerAttempt: null,
      },
      material: { link: null, doc: null, html: null },
      media: [],
      questions: [],
      task: { deadline: new Date(2026, 11, 1, 12, 0).toISOString(), repeat: 'NO_REPEAT', reminderMinutes: null },
    });
    const { api } = openPreview(task);
    expect(await screen.findByRole('heading', { level: 1, name: 'Predaj izvještaj' })).toBeInTheDocument();
    expect(screen.getByText('Zadatak zadao/la: Ana Anić')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Označi kao završeno' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Komentiraj' })).toBeDisabled();
    expect(writes(api.calls)).toEqual([]);
  });

  it('is reached from the editor', async () => {
    const { user, router } = openPreview(makeItem(), { path: '/admin/content/4' });
    const links = await screen.findAllByRole('link', { name: 'Pregled' });
    const link = links.find((candidate) => candidate.getAttribute('href') === '/admin/content/4/preview');
    expect(link).toBeDefined();
    await user.click(link as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/4/preview'));
    expect(await screen.findByText('Pregled — ovako primatelji vide sadržaj; ništa se ne bilježi')).toBeInTheDocument();
  });
});
