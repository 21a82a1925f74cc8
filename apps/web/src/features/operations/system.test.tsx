import { AUDIT_EVENTS, type LogEntry } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeAdminUser, signInAs } from '@/console/test/console-fixtures';
import enSystem from '@/locales/en/admin/system.json';
import hrSystem from '@/locales/hr/admin/system.json';
import { savedDownloads } from '@/test/downloads';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

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

const logEntry = (id: number, event: string, overrides: Partial<LogEntry> = {}): LogEntry => ({
  id,
  at: '2026-11-25T07:30:00Z',
  event,
  tenant: { id: 2, name: 'Druga firma d.o.o.' },
  user: { id: 9, name: 'Petra Perić' },
  ip: '10.0.0.1',
  details: null,
  by: null,
  person: null,
  content: null,
  group: null,
  tenants: [],
  ...overrides,
});

/** A sentence's text in a language's file, plural forms counted (`_one`, `_other`). */
const sentenceOf = (texts: Record<string, unknown>, path: string) => {
  const at = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return at(path) ?? at(`${path}_other`);
};

function openSystem(routes: Routes = {}) {
  const who = signInAs('SUPERADMIN');
  const api = fakeApi({
    'GET /auth/me': () => ok(who),
    'GET /tenant': () => ok({ count: 1, items: [{ id: 2, name: 'Druga firma d.o.o.' }] }),
    'GET /system/jobs': () => ok(jobsState),
    'GET /system': () => ok({ version: '1.4.0', database: 'embedded', files: 'disk' }),
    'GET /logs': () =>
      ok({
        count: 5,
        items: [
          logEntry(4, 'user.created', { user: { id: 11, name: 'Iva Ivić' }, details: '{"by":null}' }),
          logEntry(3, 'reset.mailed', {
            user: { id: 9, name: 'Marko Markić' },
            by: { id: 4, name: 'Ana Anić', tenant: { id: 2, name: 'Druga firma d.o.o.' } },
            details: '{"by":4}',
          }),
          logEntry(2, 'content.notified', {
            content: { id: 12, name: 'Godišnji odmori' },
            details: '{"contentId":12,"recipients":12}',
          }),
          logEntry(1, 'login.failed', { user: null }),
          logEntry(0, 'promotion.sent', {
            content: { id: 5, name: 'Akcija' },
            tenants: [{ id: 3, name: 'Druga firma d.o.o.' }],
            details: '{"contentId":5,"tenantIds":[3]}',
          }),
        ],
      }),
    ...routes,
  });
  return { ...renderApp('/admin/system'), api };
}

describe('the system page: the installation and its backup', () => {
  const saved = savedDownloads();

  it('shows what the installation runs on, and downloads a backup of the embedded database', async () => {
    const { user, api } = openSystem({
      'GET /system/backup': () => ({
        status: 200,
        body: {},
        headers: { 'Content-Disposition': 'attachment; filename="kanal-backup-20261128-0130.tar.gz"' },
      }),
    });
    const installation = await screen.findByRole('region', { name: 'Instalacija' });
    expect(within(installation).getByText('1.4.0')).toBeInTheDocument();
    expect(within(installation).getByText('Ugrađena baza (PGlite, u DATA_DIR)')).toBeInTheDocument();
    expect(within(installation).getByText('Na disku poslužitelja (FILES_DIR)')).toBeInTheDocument();
    await user.click(within(installation).getByRole('button', { name: 'Preuzmi sigurnosnu kopiju' }));
    await waitFor(() => expect(saved).toEqual(['kanal-backup-20261128-0130.tar.gz']));
    expect(api.find('GET', '/system/backup')).toBeDefined();
  });

  it('says how to back up PostgreSQL, offering no download there', async () => {
    openSystem({ 'GET /system': () => ok({ version: '1.4.0', database: 'postgres', files: 's3' }) });
    const installation = await screen.findByRole('region', { name: 'Instalacija' });
    expect(within(installation).getByText('U spremniku S3')).toBeInTheDocument();
    expect(within(installation).getByText(/alatom pg_dump/)).toBeInTheDocument();
    expect(within(installation).queryByRole('button', { name: 'Preuzmi sigurnosnu kopiju' })).not.toBeInTheDocument();
  });

  it('says so when the backup fails', async () => {
    const { user } = openSystem({
      'GET /system/backup': () => fail(503, 'ServiceUnavailable', 'Service unavailable.'),
    });
    const installation = await screen.findByRole('region', { name: 'Instalacija' });
    await user.click(within(installation).getByRole('button', { name: 'Preuzmi sigurnosnu kopiju' }));
    expect(await within(installation).findByRole('alert')).toHaveTextContent('Usluga je trenutačno nedostupna');
    expect(saved).toEqual([]);
  });
});

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

  it('says of a comment’s moderation what was done, and what was undone', async () => {
    const content = { id: 12, name: 'Godišnji odmori' };
    const entry = (id: number, event: string, details: Record<string, unknown>) =>
      logEntry(id, event, { content, details: JSON.stringify({ contentId: 12, commentId: 3, by: 9, ...details }) });
    openSystem({
      'GET /logs': () =>
        ok({
          count: 4,
          items: [
            entry(3, 'comment.hidden', { reason: 'Nije vezano uz temu.' }),
            entry(2, 'comment.hidden', { reason: null }),
            entry(1, 'comment.handled', { handled: false }),
            entry(0, 'comment.replied', { withdrawn: false }),
          ],
        }),
    });
    const log = await screen.findByRole('table', { name: 'Dnevnik' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Petra Perić je sakrio/la komentar na sadržaju „Godišnji odmori”.');
    expect(rows[1]).toHaveTextContent('Petra Perić je ponovno prikazao/la komentar na sadržaju „Godišnji odmori”.');
    expect(rows[2]).toHaveTextContent('Petra Perić je vratio/la među nove komentar na sadržaju „Godišnji odmori”.');
    expect(rows[3]).toHaveTextContent('Petra Perić je odgovorio/la na komentar na sadržaju „Godišnji odmori”.');
  });

  it('reads the log as sentences linked to the people and items they name', async () => {
    openSystem();
    const log = await screen.findByRole('table', { name: 'Dnevnik' });
    const rows = within(log).getAllByRole('row');
    // What the organisation's directory did (SCIM: `by: null`) is said to be the directory's.
    expect(rows.shift()).toBeDefined();
    expect(rows[0]).toHaveTextContent('Imenik organizacije je dodao/la osobu Iva Ivić.');
    expect(rows[1]).toHaveTextContent('Ana Anić je poslao/la osobi Marko Markić poveznicu za novu lozinku.');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Marko Markić' })).toHaveAttribute(
      'href',
      '/admin/users/9',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Ana Anić' })).toHaveAttribute(
      'href',
      '/admin/users/4',
    );
    expect(rows[2]).toHaveTextContent('Petra Perić je podsjetio/la na sadržaj „Godišnji odmori” 12 osoba.');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'Godišnji odmori' })).toHaveAttribute(
      'href',
      '/admin/content/12',
    );
    expect(rows[3]).toHaveTextContent('Nepoznat račun: prijava nije uspjela.');
    // A name ending in a full stop ends the sentence with it.
    expect(within(rows[4] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(
      /^Petra Perić je poslao\/la promociju „Akcija” organizacijama: Druga firma d\.o\.o\.$/,
    );
    expect(within(rows[4] as HTMLElement).getByRole('link', { name: 'Druga firma d.o.o.' })).toHaveAttribute(
      'href',
      '/admin/tenants/3',
    );
  });

  it('says attributes a sign-in took from the provider’s claims were the provider’s doing', async () => {
    openSystem({
      'GET /logs': () =>
        ok({
          count: 1,
          items: [logEntry(7, 'user.updated', { details: '{"providerId":3,"changed":["department","jobTitle"]}' })],
        }),
    });
    const log = await screen.findByRole('table', { name: 'Dnevnik' });
    const [, row] = within(log).getAllByRole('row');
    expect(row).toHaveTextContent('Podaci osobe Petra Perić promijenjeni su prema tvrdnjama pružatelja prijave.');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Petra Perić' })).toHaveAttribute(
      'href',
      '/admin/users/9',
    );
  });

  it('opens a person of another organisation there: the console switches to it first', async () => {
    const { user, api, router } = openSystem({
      'GET /tenant/2': () => ok({ id: 2, name: 'Druga firma d.o.o.', image: null, showPromoTag: false, active: true }),
      'GET /user/9': () => ok(makeAdminUser(9, { name: 'Marko Markić' })),
      'GET /user/9/activity': () => ok({ count: 0, items: [] }),
    });
    const log = await screen.findByRole('table', { name: 'Dnevnik' });
    const marko = within(log).getByRole('link', { name: 'Marko Markić' });
    expect(marko).toHaveAttribute('title', 'Otvara se u organizaciji Druga firma d.o.o.');
    await user.click(marko);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/9'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/user/9' && query(c).tenant === '2')).toBe(true));
  });

  it('filters by organisation and by an event picked from the list, kept in the address', async () => {
    const { user, api, router } = openSystem();
    await screen.findByRole('table', { name: 'Dnevnik' });
    // The organisations are a request of their own, which may answer after the log's.
    const organisation = screen.getByLabelText('Filtriraj po organizaciji');
    await within(organisation).findByRole('option', { name: 'Druga firma d.o.o.' });
    await user.selectOptions(organisation, 'Druga firma d.o.o.');
    await user.selectOptions(screen.getByLabelText('Događaj'), 'Neuspjela prijava');
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/logs').at(-1);
      expect(last && query(last)).toMatchObject({ tenant: '2', event: 'login.failed', offset: '0' });
    });
    expect(router.state.location.search).toContain('event=login.failed');
  });

  it('says beside the first day that a period cannot end before it starts, and asks nothing', async () => {
    const { user, api } = openSystem();
    await screen.findByRole('table', { name: 'Dnevnik' });
    await user.type(screen.getByLabelText('Do dana'), '2026-11-01');
    await user.type(screen.getByLabelText('Od dana'), '2026-11-20');
    const from = screen.getByLabelText('Od dana');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(from).toHaveAccessibleDescription('Početni datum ne smije biti nakon završnog');
    expect(screen.queryByRole('button', { name: 'Pokušaj ponovno' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/logs' && query(c).from && query(c).to)).toHaveLength(0);
  });

  it('has a sentence and a name in both languages for every event the server writes', () => {
    for (const texts of [hrSystem, enSystem]) {
      const missing = AUDIT_EVENTS.filter(
        (event) =>
          typeof sentenceOf(texts.log.events, event) !== 'string' ||
          typeof sentenceOf(texts.log.eventNames, event) !== 'string',
      );
      expect(missing).toEqual([]);
    }
  });

  it('offers a retry when the queue cannot be read', async () => {
    openSystem({ 'GET /system/jobs': () => fail(500, 'SomethingWentWrong', 'x') });
    expect(await screen.findByText('Nešto je pošlo po krivu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pokušaj ponovno' })).toBeInTheDocument();
  });
});
