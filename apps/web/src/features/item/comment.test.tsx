import { COMMENT_THANKS_REDIRECT_MS } from '@kanal/contract';
import { act, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail } from '@/test/content-fixtures';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

// A task's comment screen: going back after the thanks lands on the task.
const task = makeDetail({ id: 5, type: 'TASK', name: 'Predaj izvještaj' });

describe('comment screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an empty comment, sends one, thanks and goes back after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn();
    const api = fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/5': () => ok(task),
      'POST /mobile/content/info/comment': () => ok({ done: true }),
    });
    const { user, router } = renderApp(['/task/5', '/content/5/comment'], {
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    const box = await screen.findByLabelText('Vaš komentar');
    expect(screen.getByText('Predaj izvještaj')).toBeInTheDocument();

    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Pošalji komentar' }));
    expect(await screen.findByText('Komentar ne smije biti prazan!')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.find('POST', '/mobile/content/info/comment')).toBeUndefined();

    await user.clear(box);
    await user.type(box, '  Gotovo do petka. ');
    await user.click(screen.getByRole('button', { name: 'Pošalji komentar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Hvala na komentaru!');
    expect(api.find('POST', '/mobile/content/info/comment')?.body).toEqual({
      contentId: 5,
      comment: 'Gotovo do petka.',
    });

    act(() => {
      vi.advanceTimersByTime(COMMENT_THANKS_REDIRECT_MS - 100);
    });
    expect(router.state.location.pathname).toBe('/content/5/comment');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/5'));
  });

  it('does not go back after leaving the screen early', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/5': () => ok(task),
      'POST /mobile/content/info/comment': () => ok({ done: true }),
      'GET /mobile/content/list/new': () => ok({ count: 0, content: [] }),
    });
    const { user, router } = renderApp(['/task/5', '/archive', '/content/5/comment'], {
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await user.type(await screen.findByLabelText('Vaš komentar'), 'Hvala');
    await user.click(screen.getByRole('button', { name: 'Pošalji komentar' }));
    await screen.findByRole('status');
    await act(() => router.navigate('/'));
    act(() => {
      vi.advanceTimersByTime(COMMENT_THANKS_REDIRECT_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/');
  });
});
