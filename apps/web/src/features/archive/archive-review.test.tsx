import type { Attempt, ContentDetail, PollResults } from '@kanal/contract';
import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail, makeMaterial, makeMedia } from '@/test/content-fixtures';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);
const finishedAt = new Date(2026, 10, 3, 10, 0).toISOString();

const education = makeDetail({
  id: 4,
  type: 'EDUCATION',
  contentInteractions: [{ viewedAt: finishedAt, finishedAt }],
  comments: [
    { id: 1, title: 'Korisna edukacija.', createdAt: new Date(2026, 10, 3).toISOString(), reply: null, hidden: null },
  ],
});

const attempt = (createdAt: Date, correctFirst: boolean): Attempt => ({
  id: correctFirst ? 2 : 1,
  contentId: 4,
  createdAt: createdAt.toISOString(),
  finalMark: correctFirst ? 0.5 : 0,
  correct: correctFirst ? 1 : 0,
  total: 2,
  userAnswers: [
    {
      question: { id: 12, order: 1, title: 'Što nosite na gradilištu?', type: 'MULTIPLE' },
      text: null,
      answers: [],
      correct: false,
      correctAnswers: [
        { id: 121, title: 'Kaciga' },
        { id: 122, title: 'Zaštitne cipele' },
      ],
    },
    {
      question: { id: 11, order: 0, title: 'Koje je boje kaciga?', type: 'SINGLE' },
      text: null,
      answers: [{ id: correctFirst ? 111 : 112, title: correctFirst ? 'Žuta' : 'Plava' }],
      correct: correctFirst,
      correctAnswers: [{ id: 111, title: 'Žuta' }],
    },
  ],
});

function open(item: ContentDetail, path: string, routes = {}) {
  signedIn();
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    [`GET /mobile/content/${item.id}`]: () => ok(item),
    ...routes,
  });
  return { api, ...renderApp(path) };
}

describe('archive detail', () => {
  it('offers review content and review answers, and goes back to the archive', async () => {
    open(education, '/archive/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sigurnost na radu' })).toBeInTheDocument();
    expect(screen.getByText('Završeno 03.11.2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag' })).toHaveAttribute('href', '/archive');
    expect(screen.getByRole('link', { name: 'Pregledaj sadržaj' })).toHaveAttribute('href', '/archive/4/content');
    expect(screen.getByRole('link', { name: 'Pregledaj odgovore' })).toHaveAttribute('href', '/archive/4/questions');
  });

  it('has no answers to review for information, and shows my comments on it there', async () => {
    const at = (day: number) => new Date(2026, 10, day).toISOString();
    const comments = [
      {
        id: 3,
        title: 'Hvala na obavijesti.',
        createdAt: at(4),
        reply: { text: 'Drago nam je!', at: at(5) },
        hidden: null,
      },
      {
        id: 4,
        title: 'Off topic',
        createdAt: at(6),
        reply: null,
        hidden: { reason: 'Nije vezano uz temu.', at: at(7) },
      },
    ];
    open(makeDetail({ id: 9, type: 'INFORMATION', comments }), '/archive/9');
    expect(await screen.findByRole('link', { name: 'Pregledaj sadržaj' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pregledaj odgovore' })).not.toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Moji komentari' });
    expect(within(mine).getByText('Hvala na obavijesti.')).toBeInTheDocument();
    expect(within(mine).getByText('04.11.2026.')).toBeInTheDocument();
    // The organisation's answer under the comment, and why another one was hidden.
    expect(within(mine).getByText('Odgovor organizacije, 05.11.2026.')).toBeInTheDocument();
    expect(within(mine).getByText('Drago nam je!')).toBeInTheDocument();
    expect(within(mine).getByText('Organizacija je sakrila ovaj komentar: Nije vezano uz temu.')).toBeInTheDocument();
  });

  it('keeps the comments of a form on its answers screen, not on the entry', async () => {
    open(education, '/archive/4');
    expect(await screen.findByRole('link', { name: 'Pregledaj odgovore' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Moji komentari' })).not.toBeInTheDocument();
  });

  it('shows the materials without marking documents or offering to answer or finish', async () => {
    const pdf = makeMedia({ type: 'DOCUMENT', name: 'pravilnik.pdf' });
    const { user } = open(education, '/archive/4/content', {
      'GET /mobile/content/4/material': () => ok(makeMaterial({ text: 'Tekst', html: '<p>Tekst</p>', medias: [pdf] })),
    });
    const link = await screen.findByRole('link', { name: /pravilnik\.pdf/ });
    await user.click(link);
    expect(screen.queryByText('Otvoreno')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odgovori na pitanja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pročitano' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Vaš komentar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag' })).toHaveAttribute('href', '/archive/4');
  });
});

describe('answer review', () => {
  it("shows the latest attempt's answers in question order, right or wrong, and my comments", async () => {
    open(education, '/archive/4/questions', {
      'GET /mobile/content/4/form/attempts': () =>
        ok({ attempts: [attempt(new Date(2026, 10, 3, 9, 5), true), attempt(new Date(2026, 10, 2), false)] }),
    });
    const review = await screen.findByRole('region', { name: 'Vaši odgovori' });
    expect(within(review).getByText('Odgovoreno 03.11.2026., 09:05')).toBeInTheDocument();
    const items = within(review).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Koje je boje kaciga?',
      'Što nosite na gradilištu?',
    ]);
    expect(items[0]).toHaveTextContent('Vaš odgovor: Žuta');
    expect(within(items[0] as HTMLElement).getByText('Točno')).toBeInTheDocument();
    // A right answer needs no correction.
    expect(items[0]).not.toHaveTextContent('Točan odgovor');
    expect(items[1]).toHaveTextContent('Vaš odgovor: bez odgovora');
    expect(items[1]).toHaveTextContent('Točni odgovori: Kaciga, Zaštitne cipele');
    expect(within(items[1] as HTMLElement).getByText('Netočno')).toBeInTheDocument();

    const comments = screen.getByRole('region', { name: 'Moji komentari' });
    expect(within(comments).getByText('Korisna edukacija.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag' })).toHaveAttribute('href', '/archive/4');
    expect(screen.getByRole('link', { name: 'Pregledaj sadržaj' })).toHaveAttribute('href', '/archive/4/content');
  });

  const poll = makeDetail({ id: 6, type: 'POLL', contentInteractions: [{ viewedAt: finishedAt, finishedAt }] });

  it("shows a poll's counted answers instead of personal ones", async () => {
    const results: PollResults = {
      respondents: 8,
      hidden: false,
      questions: [
        {
          id: 21,
          order: 0,
          title: 'Kako ste zadovoljni?',
          type: 'SINGLE',
          answered: 8,
          answers: [
            { id: 211, title: 'Vrlo', count: 6, percent: 75 },
            { id: 212, title: 'Malo', count: 2, percent: 25 },
          ],
        },
      ],
    };
    const { api } = open(poll, '/archive/6/questions', { 'GET /mobile/content/6/poll/results': () => ok(results) });
    const review = await screen.findByRole('region', { name: 'Rezultati ankete' });
    expect(within(review).getByText('Anketu je ispunilo 8 osoba.')).toBeInTheDocument();
    expect(within(review).getByText('6 (75 %)')).toBeInTheDocument();
    expect(within(review).getByText('2 (25 %)')).toBeInTheDocument();
    expect(api.find('GET', '/mobile/content/6/form/attempts')).toBeUndefined();
  });

  it('says why poll results are hidden below five respondents', async () => {
    open(poll, '/archive/6/questions', {
      'GET /mobile/content/6/poll/results': () => ok({ respondents: 3, hidden: true, questions: [] }),
    });
    expect(await screen.findByText('Rezultati se prikazuju kad anketu ispuni najmanje 5 osoba.')).toBeInTheDocument();
    expect(screen.queryByText(/Anketu je ispunilo/)).not.toBeInTheDocument();
  });
});
