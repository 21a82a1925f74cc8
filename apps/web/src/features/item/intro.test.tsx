import type { ContentDetail } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail } from '@/test/content-fixtures';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

function openIntro(detail: ContentDetail) {
  signedIn();
  fakeApi({ 'GET /auth/me': () => ok(me), [`GET /mobile/content/${detail.id}`]: () => ok(detail) });
  return renderApp(`/content/${detail.id}/intro`);
}

describe('content intro', () => {
  it('shows type, publish date, name, description, the non-zero counts and the back button', async () => {
    openIntro(
      makeDetail({
        id: 4,
        image: 'cover-4',
        counts: { questions: 3, images: 2, videos: 0, documents: 5 },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sigurnost na radu' })).toBeInTheDocument();
    expect(screen.getByText('Edukacija')).toBeInTheDocument();
    expect(screen.getByText('Objavljeno 09.03.2025.')).toBeInTheDocument();
    expect(screen.getByText('Osnove sigurnosti na radnom mjestu.')).toBeInTheDocument();
    const counts = within(screen.getByRole('region', { name: 'Sadrži' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(counts).toEqual(['3 pitanja', '2 slike', '5 dokumenata']);
    expect(document.querySelector('.detail__image')).toHaveAttribute('src', '/api/files/cover-4');
    expect(screen.getByRole('link', { name: 'Natrag' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/anonimna/)).not.toBeInTheDocument();
  });

  it("offers 'Kreni' to the material when there is material, even with questions", async () => {
    openIntro(makeDetail({ id: 4, hasMaterial: true, counts: { questions: 3, images: 1, videos: 0, documents: 0 } }));
    expect(await screen.findByRole('link', { name: 'Kreni' })).toHaveAttribute('href', '/content/4');
    expect(screen.queryByRole('link', { name: 'Odgovori na pitanja' })).not.toBeInTheDocument();
  });

  it("offers 'Kreni' when there are no questions", async () => {
    openIntro(
      makeDetail({
        id: 6,
        type: 'INFORMATION',
        hasMaterial: false,
        counts: { questions: 0, images: 0, videos: 0, documents: 0 },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Kreni' })).toHaveAttribute('href', '/content/6');
  });

  it.each([
    ['EDUCATION', '/content/4/quiz'],
    ['POLL', '/content/4/poll'],
    ['INQUIRY', '/content/4/poll'],
  ] as const)('goes straight to the questions of a %s without material (%s)', async (type, path) => {
    const { user, router } = openIntro(
      makeDetail({ id: 4, type, hasMaterial: false, counts: { questions: 2, images: 0, videos: 0, documents: 0 } }),
    );
    const button = await screen.findByRole('link', { name: 'Odgovori na pitanja' });
    expect(button).toHaveAttribute('href', path);
    expect(screen.queryByRole('link', { name: 'Kreni' })).not.toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('leads a form answered for good to the archive instead of running it again', async () => {
    const done = { viewedAt: '2026-11-02T08:00:00.000Z', finishedAt: '2026-11-02T08:05:00.000Z' };
    openIntro(
      makeDetail({
        id: 4,
        type: 'POLL',
        hasMaterial: false,
        counts: { questions: 2, images: 0, videos: 0, documents: 0 },
        contentInteractions: [done],
      }),
    );
    expect(await screen.findByRole('link', { name: 'Pogledaj u arhivi' })).toHaveAttribute('href', '/archive/4');
    expect(screen.queryByRole('link', { name: 'Odgovori na pitanja' })).not.toBeInTheDocument();
  });

  it('says that a poll is anonymous', async () => {
    openIntro(makeDetail({ id: 4, type: 'POLL' }));
    expect(await screen.findByText(/Anketa je anonimna/)).toBeInTheDocument();
  });

  it('says clearly when the item does not exist, with a way home', async () => {
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/99': () => fail(404, 'NotFound', 'Traženo nije pronađeno.'),
    });
    renderApp('/content/99/intro');
    expect(await screen.findByText('Ovaj sadržaj ne postoji ili vam više nije dostupan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Na početnu' })).toHaveAttribute('href', '/');
  });

  it('treats an id that is not a number as not found, without asking the server', async () => {
    signedIn();
    const api = fakeApi({ 'GET /auth/me': () => ok(me) });
    renderApp('/content/abc/intro');
    expect(await screen.findByText('Ovaj sadržaj ne postoji ili vam više nije dostupan.')).toBeInTheDocument();
    // Only the shell's own calls (the user, the bell): nothing about the item.
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/auth/me', '/notifications']);
  });

  it('offers a retry when loading fails', async () => {
    signedIn();
    let calls = 0;
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/4': () => {
        calls += 1;
        return calls === 1 ? fail(500, 'SomethingWentWrong', 'x') : ok(makeDetail({ id: 4 }));
      },
    });
    const { user } = renderApp('/content/4/intro');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sadržaj se nije učitao.');
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sigurnost na radu' })).toBeInTheDocument();
  });
});
