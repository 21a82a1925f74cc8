import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { signInAs } from './test/console-fixtures';

type Routes = Parameters<typeof fakeApi>[0];
const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);

const jobsState = {
  queues: [
    { queue: 'mail', waiting: 2, failed: 1, nextRunAt: '2026-11-25T09:00:00Z' },
    { queue: 'task.reminder', waiting: 5, failed: 0, nextRunAt: '2026-11-26T08:00:00Z' },
  ],
  failed: {
    count: 1,
    items: [
      {
        id: 41,
        queue: 'mail',
        tenantId: 2,
        attempts: 8,
        lastError: 'connect ECONNREFUSED 10.0.0.5:587',
        runAt: '2026-11-25T08:00:00Z',
        createdAt: '2026-11-24T08:00:00Z',
      },
    ],
  },
  deliveries: { queued: 12, failed: 3 },
};

const logEntry = (id: number, event: string) => ({
  id,
  at: '2026-11-25T07:30:00Z',
  event,
  tenant: { id: 2, name: 'Druga firma d.o.o.' },
  user: { id: 9, name: 'Petra Perić' },
  ip: '10.0.0.1',
  details: event === 'content.notified' ? '{"contentId":4,"recipients":12}' : null,
});

function openSystem(routes: Routes = {}) {
  const who = signInAs('SUPERADMIN');
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': () => ok({ count: 1, items: [{ id: 2, name: 'Druga firma d.o.o.' }] }),
    'GET /system/jobs': () => ok(jobsState),
    'GET /logs': () => ok({ count: 2, items: [logEntry(2, 'content.notified'), logEntry(1, 'login.failed')] }),
    ...routes,
  });
  return { ...renderApp('/admin/system'), api };
}

describe('the system page', () => {
  it('sends the operator a test message and shows what the transport answered', async () => {
    const { user } = openSystem({
      'GET /email/test': () =>
        ok({ to: 'super@demo.hr', transport: 'SMTP mail.example.com:587', ok: true, response: '250 2.0.0 Ok: queued' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pošalji probnu poruku' }));
    // A table still loading on the page shows a skeleton that is a status too: wait for the answer itself.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Poruka je poslana na super@demo.hr (SMTP mail.example.com:587).',
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Odgovor: 250 2.0.0 Ok: queued');
  });

  it('says when the transport refused the test message', async () => {
    const { user } = openSystem({
      'GET /email/test': () =>
        ok({ to: 'super@demo.hr', transport: 'SMTP mail.example.com:587', ok: false, response: 'Invalid login' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pošalji probnu poruku' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Slanje na super@demo.hr nije uspjelo'));
  });

  it('shows the queues and the failed jobs with their errors, and retries one', async () => {
    const { user, api } = openSystem({ 'POST /system/jobs/41/retry': () => ok({ done: true }) });
    const queues = await screen.findByRole('table', { name: 'Redovi poslova' });
    expect(
      within(queues)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PosaoČekaNeuspjeloSljedeći u',
      'Slanje e-pošte2125.11.2026., 09:00',
      'Podsjetnik prije roka5026.11.2026., 08:00',
    ]);
    expect(screen.getByText('Obavijesti koje čekaju slanje: 12 · odustali smo od: 3')).toBeInTheDocument();
    const failed = screen.getByRole('table', { name: 'Neuspjeli poslovi' });
    expect(within(failed).getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Pokušaj ponovno: Slanje e-pošte (#41)' }));
    await waitFor(() => expect(api.find('POST', '/system/jobs/41/retry')).toBeDefined());
  });

  it('lists the log and keeps its filters in the address', async () => {
    const { user, api, router } = openSystem();
    const log = await screen.findByRole('table', { name: 'Dnevnik' });
    expect(within(log).getByText('{"contentId":4,"recipients":12}')).toBeInTheDocument();
    // The organisations are a request of their own, which may answer after the log's.
    const organisation = screen.getByLabelText('Filtriraj po organizaciji');
    await within(organisation).findByRole('option', { name: 'Druga firma d.o.o.' });
    await user.selectOptions(organisation, 'Druga firma d.o.o.');
    await user.type(screen.getByLabelText('Događaj'), 'login.failed');
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/logs').at(-1);
      expect(last && query(last)).toMatchObject({ tenant: '2', event: 'login.failed', offset: '0' });
    });
    expect(router.state.location.search).toContain('tenant=2');
  });

  it('offers a retry when the queue cannot be read', async () => {
    openSystem({ 'GET /system/jobs': () => fail(500, 'SomethingWentWrong', 'x') });
    expect(await screen.findByText('Nešto je pošlo po krivu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokušaj ponovno' })).toBeInTheDocument();
  });
});
