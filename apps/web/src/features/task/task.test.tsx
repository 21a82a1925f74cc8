import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeDetail } from '@/test/content-fixtures';
import { fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const signedIn = () => authStore.signIn({ token: 'tok', userId: 7 }, true);

const task = makeDetail({
  id: 5,
  type: 'TASK',
  name: 'Predaj izvještaj',
  description: 'Mjesečni izvještaj prodaje.',
  creator: { name: 'Iva Ivić' },
  task: { deadline: new Date(2025, 5, 30, 16, 5).toISOString(), repeat: 'NO_REPEAT' },
  counts: { questions: 0, images: 0, videos: 0, documents: 0 },
  hasMaterial: false,
});

describe('task', () => {
  it('shows the task with its deadline, issuer and comment link; marking it done goes back', async () => {
    signedIn();
    let finished = false;
    const api = fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/5': () => ok(task),
      'POST /mobile/content/mark-finished': () => {
        finished = true;
        return ok({ done: true });
      },
      'GET /mobile/content/list/new': () => ok({ count: finished ? 0 : 1, content: finished ? [] : [task] }),
    });
    const { user, router } = renderApp(['/', '/task/5']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Predaj izvještaj' })).toBeInTheDocument();
    expect(screen.getByText('Zadatak')).toBeInTheDocument();
    expect(screen.getByText('Mjesečni izvještaj prodaje.')).toBeInTheDocument();
    expect(screen.getByText('Zadatak zadao/la: Iva Ivić')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Natrag' })).toHaveAttribute('href', '/');
    // Its deadline has passed: said in words, beside the icon, not by colour alone.
    expect(screen.getByText('Rok').nextElementSibling).toHaveTextContent(/^30\.06\.2025\., 16:05, rok je istekao$/);
    expect(screen.getByText('Rok').nextElementSibling?.querySelector('.deadline--overdue svg')).not.toBeNull();
    expect(screen.queryByText('Završeno')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Komentiraj' })).toHaveAttribute('href', '/content/5/comment');

    await user.click(screen.getByRole('button', { name: 'Označi kao završeno' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/mobile/content/mark-finished')?.body).toEqual({ contentId: 5 });
    expect(await screen.findByText('Trenutno nema aktivnosti')).toBeInTheDocument();
    expect(screen.getByText('Zadatak je označen kao završen.')).toBeInTheDocument();
  });

  it('shows when a finished task was finished and hides mark as done', async () => {
    signedIn();
    fakeApi({
      'GET /auth/me': () => ok(me),
      'GET /mobile/content/5': () =>
        ok({
          ...task,
          settings: { ...task.settings, comments: false },
          contentInteractions: [{ viewedAt: null, finishedAt: new Date(2025, 5, 28, 8, 3).toISOString() }],
        }),
    });
    renderApp('/task/5');
    expect(await screen.findByText('Završeno')).toBeInTheDocument();
    expect(screen.getByText('Završeno').nextElementSibling).toHaveTextContent('28.06.2025., 08:03');
    expect(screen.queryByText('Rok')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Označi kao završeno' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Komentiraj' })).not.toBeInTheDocument();
  });
});
