import type { ContentDetail, Material } from '@kanal/contract';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail, makeItem, makeList, makeMaterial, makeMedia } from '@/test/content-fixtures';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { YOUTUBE_READY_TIMEOUT_MS } from './components/youtube-embed';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

function openMaterials(detail: ContentDetail, material: Material, extra = {}) {
  signedIn();
  const api = fakeApi({
    'GET /auth/me': () => ok(me),
    [`GET /mobile/content/${detail.id}`]: () => ok(detail),
    [`GET /mobile/content/${detail.id}/material`]: () => ok(material),
    ...extra,
  });
  return { api, ...renderApp(`/content/${detail.id}`) };
}

const image = makeMedia({ type: 'IMAGE', name: 'shema.png' });
const video = makeMedia({ type: 'VIDEO', name: 'uvod.mp4', mime: 'video/mp4' });
const pdf = makeMedia({ type: 'DOCUMENT', name: 'pravilnik.pdf', mime: 'application/pdf', size: 1_258_291 });

describe('materials', () => {
  it('enables the quiz button only after every slide and every document has been seen', async () => {
    const { user, router } = openMaterials(
      makeDetail({ id: 4, type: 'EDUCATION' }),
      makeMaterial({
        link: 'https://youtu.be/dQw4w9WgXcQ',
        text: 'Prvi red\nDrugi red',
        html: '<p>Prvi red<br />Drugi red</p>',
        medias: [image, pdf, video],
      }),
    );
    const quiz = await screen.findByRole('button', { name: 'Odgovori na pitanja' });
    expect(quiz).toBeDisabled();
    expect(screen.getByText(/Pregledajte sve slajdove/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag' })).toHaveAttribute('href', '/content/4/intro');

    // Slide 1 of 3: the link, as a poster until play is pressed, then the player without cookies.
    const carousel = screen.getByRole('region', { name: 'Materijali' });
    expect(within(carousel).queryByTitle('YouTube video: Sigurnost na radu')).not.toBeInTheDocument();
    expect(within(carousel).getByText('Sigurnost na radu')).toBeInTheDocument();
    expect(within(carousel).getByRole('link', { name: 'Otvori na YouTubeu' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await user.click(within(carousel).getByRole('button', { name: 'Pokreni video: Sigurnost na radu' }));
    const player = within(carousel).getByTitle('YouTube video: Sigurnost na radu');
    expect(player.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1&/,
    );
    expect(within(carousel).getByRole('group', { name: '1 od 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prethodni slajd' })).toBeDisabled();

    // Slide 2 by the next button, slide 3 by the keyboard. The first slide showed at once (it is the screen's
    // largest paint); a slide moved to fades in.
    expect(within(carousel).getByRole('group', { name: '1 od 3' })).not.toHaveClass('slide--moved');
    await user.click(screen.getByRole('button', { name: 'Sljedeći slajd' }));
    expect(within(carousel).getByRole('img', { name: 'shema.png' })).toHaveAttribute('src', image.url);
    expect(within(carousel).getByRole('group', { name: '2 od 3' })).toHaveClass('slide', 'slide--moved');
    screen.getByRole('button', { name: 'Slajd 2' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(carousel).getByRole('group', { name: '3 od 3' })).toBeInTheDocument();
    expect(within(carousel).getByLabelText('uvod.mp4').tagName).toBe('VIDEO');
    expect(screen.getByRole('button', { name: 'Slajd 3' })).toHaveAttribute('aria-current', 'true');
    expect(quiz).toBeDisabled();

    // The text as the server formatted it, its line break kept; the document opens in a new tab and counts as seen.
    expect(screen.getByRole('region', { name: 'Tekst' }).querySelector('p')?.innerHTML).toBe('Prvi red<br>Drugi red');
    const link = screen.getByRole('link', { name: /pravilnik\.pdf/ });
    expect(link).toHaveAttribute('href', pdf.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.getByText('1,2 MB')).toBeInTheDocument();
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(screen.getByText('Otvoreno')).toBeInTheDocument();
    expect(quiz).toBeEnabled();
    expect(screen.queryByText(/Pregledajte sve slajdove/)).not.toBeInTheDocument();

    await user.click(quiz);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/4/quiz'));
  });

  it('keeps what the person has seen for a retry, and only for that person', async () => {
    const detail = makeDetail({ id: 4, type: 'EDUCATION' });
    const material = makeMaterial({ medias: [image, video, pdf] });
    const first = openMaterials(detail, material);
    const quiz = await screen.findByRole('button', { name: 'Odgovori na pitanja' });
    await first.user.click(screen.getByRole('button', { name: 'Sljedeći slajd' }));
    const link = screen.getByRole('link', { name: /pravilnik\.pdf/ });
    link.addEventListener('click', (event) => event.preventDefault());
    await first.user.click(link);
    expect(quiz).toBeEnabled();
    first.unmount();

    // Back after a failed attempt: everything is still seen, the quiz is open at once.
    const again = openMaterials(detail, material);
    expect(await screen.findByRole('button', { name: 'Odgovori na pitanja' })).toBeEnabled();
    expect(screen.getByText('Otvoreno')).toBeInTheDocument();
    again.unmount();

    // Someone else on the same browser starts from nothing.
    authStore.signIn({ token: 'tok-2', userId: 8 }, true);
    renderApp('/content/4');
    expect(await screen.findByRole('button', { name: 'Odgovori na pitanja' })).toBeDisabled();
    expect(screen.queryByText('Otvoreno')).not.toBeInTheDocument();
  });

  it('does not offer to answer again once answered for good: the archive is the way back', async () => {
    const done = { viewedAt: '2026-11-02T08:00:00.000Z', finishedAt: '2026-11-02T08:05:00.000Z' };
    openMaterials(
      makeDetail({ id: 4, type: 'EDUCATION', contentInteractions: [done] }),
      makeMaterial({ text: 'Tekst', html: '<p>Tekst</p>' }),
    );
    expect(await screen.findByText('Na ovo ste već odgovorili.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pogledaj u arhivi' })).toHaveAttribute('href', '/archive/4');
    expect(screen.queryByRole('button', { name: 'Odgovori na pitanja' })).not.toBeInTheDocument();
  });

  it('leads a poll to the poll screen and needs documents opened even without slides', async () => {
    const { user, router } = openMaterials(
      makeDetail({ id: 8, type: 'POLL' }),
      makeMaterial({ text: 'Upute za anketu.', html: '<p>Upute za anketu.</p>', medias: [pdf] }),
    );
    const poll = await screen.findByRole('button', { name: 'Odgovori na pitanja' });
    expect(screen.queryByRole('region', { name: 'Materijali' })).not.toBeInTheDocument();
    expect(poll).toBeDisabled();
    const link = screen.getByRole('link', { name: /pravilnik\.pdf/ });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await user.click(poll);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/8/poll'));
  });

  it("shows 'somethingWentWrong' for a slide with neither media nor text", async () => {
    openMaterials(makeDetail({ id: 4 }), makeMaterial());
    const carousel = await screen.findByRole('region', { name: 'Materijali' });
    expect(within(carousel).getByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu');
    // Seen once shown: it does not block the way on.
    expect(screen.getByRole('button', { name: 'Odgovori na pitanja' })).toBeEnabled();
  });

  it('shows the message instead of a broken frame when the started player never answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openMaterials(makeDetail({ id: 4 }), makeMaterial({ link: 'https://youtu.be/dQw4w9WgXcQ' }));
    const play = await screen.findByRole('button', { name: 'Pokreni video: Sigurnost na radu' });
    play.click();
    expect(await screen.findByTitle('YouTube video: Sigurnost na radu')).toBeInTheDocument();
    await act(() => {
      vi.advanceTimersByTime(YOUTUBE_READY_TIMEOUT_MS);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu s učitavanjem YouTube videa');
    expect(screen.queryByTitle('YouTube video: Sigurnost na radu')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('keeps the player once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openMaterials(makeDetail({ id: 4 }), makeMaterial({ link: 'https://youtu.be/dQw4w9WgXcQ' }));
    (await screen.findByRole('button', { name: 'Pokreni video: Sigurnost na radu' })).click();
    const player = (await screen.findByTitle('YouTube video: Sigurnost na radu')) as HTMLIFrameElement;
    // The player's page answers once the listener is up (effects run after the frame is drawn).
    await act(async () => {});
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://www.youtube-nocookie.com',
        source: player.contentWindow,
        data: '{"event":"initialDelivery"}',
      }),
    );
    await act(() => {
      vi.advanceTimersByTime(YOUTUBE_READY_TIMEOUT_MS);
    });
    expect(screen.getByTitle('YouTube video: Sigurnost na radu')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('says so when the link is not a YouTube video, and embeds nothing', async () => {
    openMaterials(makeDetail({ id: 4 }), makeMaterial({ link: 'https://example.com/video.html' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu s učitavanjem YouTube videa');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the text as the server formatted it, never its plain words as HTML, nor a script URL as a link', async () => {
    openMaterials(
      makeDetail({ id: 4 }),
      makeMaterial({
        text: '<img src=x onerror="alert(1)"><b>bold</b>',
        html: '<h2>Najvažnije</h2><ul><li><p>samo uz <strong>otpremnicu</strong></p></li></ul>',
        medias: [makeMedia({ type: 'DOCUMENT', name: 'zlo.pdf', url: 'javascript:alert(1)' })],
      }),
    );
    const text = await screen.findByRole('region', { name: 'Tekst' });
    expect(within(text).getByRole('heading', { level: 2, name: 'Najvažnije' })).toBeInTheDocument();
    expect(within(text).getByRole('listitem')).toHaveTextContent('samo uz otpremnicu');
    expect(document.querySelector('.materials img, .materials b')).toBeNull();
    expect(screen.queryByRole('link', { name: /zlo\.pdf/ })).not.toBeInTheDocument();
  });

  it('says clearly when the item is not found', async () => {
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/77': () => fail(404, 'NotFound', 'x'),
      'GET /mobile/content/77/material': () => fail(404, 'NotFound', 'x'),
    });
    renderApp('/content/77');
    expect(await screen.findByText('Ovaj sadržaj ne postoji ili vam više nije dostupan.')).toBeInTheDocument();
  });
});

describe('information materials', () => {
  const info = makeDetail({ id: 2, type: 'INFORMATION', name: 'Novi radni dan' });
  const twoSlides = makeMaterial({ medias: [image, makeMedia({ type: 'IMAGE', name: 'druga.png' })] });

  it('enables sending a comment only when everything is seen and something is written, then thanks and clears', async () => {
    const { user, api } = openMaterials(info, twoSlides, {
      'POST /mobile/content/info/comment': () => ok({ done: true }),
    });
    const box = await screen.findByLabelText('Vaš komentar');
    const send = screen.getByRole('button', { name: 'Pošalji komentar' });
    expect(screen.queryByRole('button', { name: 'Odgovori na pitanja' })).not.toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.type(box, 'Super vijest');
    expect(send).toBeDisabled(); // The second slide is still unseen.

    await user.click(screen.getByRole('button', { name: 'Slajd 2' }));
    expect(send).toBeEnabled();
    await user.clear(box);
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, 'Super vijest');
    await user.click(send);

    expect(await screen.findByRole('status')).toHaveTextContent('Hvala na komentaru!');
    expect(api.find('POST', '/mobile/content/info/comment')?.body).toEqual({ contentId: 2, comment: 'Super vijest' });
    expect(box).toHaveValue('');
  });

  it("shows the server's message when the comment is refused", async () => {
    const { user } = openMaterials(info, makeMaterial({ medias: [image] }), {
      'POST /mobile/content/info/comment': () => fail(400, 'CommentsDisabled', 'Komentari su isključeni.'),
    });
    await user.type(await screen.findByLabelText('Vaš komentar'), 'Pitanje');
    await user.click(screen.getByRole('button', { name: 'Pošalji komentar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Komentari su isključeni.');
  });

  it('has no comment box when the item does not take comments', async () => {
    openMaterials({ ...info, settings: { ...info.settings, comments: false } }, makeMaterial({ medias: [image] }));
    expect(await screen.findByRole('button', { name: 'Pročitano' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Vaš komentar')).not.toBeInTheDocument();
  });

  it("'Pročitano' marks the item finished, goes home, says so, and the item is gone", async () => {
    let finished = false;
    const other = makeItem({ id: 9, name: 'Drugi sadržaj' });
    const { user, router, api } = openMaterials(info, twoSlides, {
      'POST /mobile/content/mark-finished': () => {
        finished = true;
        return ok({ done: true });
      },
      'GET /mobile/content/list/new': () =>
        ok(makeList(finished ? [other] : [makeItem({ id: 2, type: 'INFORMATION', name: 'Novi radni dan' }), other])),
    });
    await user.click(await screen.findByRole('button', { name: 'Pročitano' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/mobile/content/mark-finished')?.body).toEqual({ contentId: 2 });
    expect(await screen.findByRole('article', { name: 'Drugi sadržaj' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Novi radni dan' })).not.toBeInTheDocument();
    expect(screen.getByText('Čeka vas 1 sadržaj')).toBeInTheDocument();
    expect(screen.getByText('Označeno kao pročitano.')).toBeInTheDocument();
  });
});
