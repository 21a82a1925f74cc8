import type { CertificateCheck, StaffCertificate } from '@kanal/contract';
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { makeStaffContent, signInAs } from '@/console/test/console-fixtures';
import { authStore } from '@/lib/auth-store';
import { makeDetail } from '@/test/content-fixtures';
import { savedDownloads } from '@/test/downloads';
import { fail, fakeApi, me, ok } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const at = new Date(2026, 10, 20, 9, 15).toISOString();
const pdf = (name: string) => ({
  status: 200,
  body: '%PDF-1.3',
  headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
});

describe('the person’s certificate', () => {
  const saved = savedDownloads();
  const passed = makeDetail({
    id: 4,
    type: 'EDUCATION',
    settings: {
      timeRestriction: null,
      passingScore: 0.5,
      comments: false,
      certificate: true,
      questionsPerAttempt: null,
    },
    contentInteractions: [{ viewedAt: at, finishedAt: at }],
  });

  function openArchive(routes = {}) {
    authStore.signIn({ token: 'tok', userId: 7 }, true);
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/4': () => ok(passed), ...routes });
    return renderApp('/archive/4');
  }

  it('is downloaded from the archive of an education that gives one', async () => {
    const { user } = openArchive({ 'GET /mobile/content/4/certificate': () => pdf('potvrda-4.pdf') });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi potvrdu' }));
    await waitFor(() => expect(saved).toEqual(['potvrda-4.pdf']));
  });

  it('says so when the organisation has withdrawn it', async () => {
    const { user } = openArchive({
      'GET /mobile/content/4/certificate': () =>
        fail(409, 'CertificateRevoked', 'Organizacija je povukla ovu potvrdu.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Preuzmi potvrdu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Organizacija je povukla ovu potvrdu.');
    expect(saved).toEqual([]);
  });

  it('is not offered for an education that gives none', async () => {
    authStore.signIn({ token: 'tok', userId: 7 }, true);
    const plain = { ...passed, settings: { ...passed.settings, certificate: false, questionsPerAttempt: null } };
    fakeApi({ 'GET /auth/me': () => ok(me), 'GET /mobile/content/4': () => ok(plain) });
    renderApp('/archive/4');
    expect(await screen.findByRole('heading', { level: 1, name: passed.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preuzmi potvrdu' })).not.toBeInTheDocument();
  });
});

describe('the public check of a code', () => {
  const check: CertificateCheck = {
    code: '2-7K3M-Q9XA-H4PD',
    person: 'Đurđa Šimić',
    item: 'Zaštita na radu',
    organisation: 'Demo d.o.o.',
    passedAt: at,
    mark: 0.85,
    revokedAt: null,
  };
  const openCheck = (answer: () => ReturnType<typeof ok>) => {
    authStore.clear();
    fakeApi({ 'GET /certificates/2-7K3M-Q9XA-H4PD': answer });
    return renderApp('/verify/2-7K3M-Q9XA-H4PD');
  };

  it('confirms a valid certificate and repeats what it says, without signing in', async () => {
    openCheck(() => ok(check));
    expect(await screen.findByText('Potvrda je valjana.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Đurđa Šimić')).toBeInTheDocument();
    expect(screen.getByText('20.11.2026.')).toBeInTheDocument();
    expect(screen.getByText('85 %')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Provjera potvrde' })).toBeInTheDocument();
  });

  it('says when it was withdrawn', async () => {
    openCheck(() => ok({ ...check, revokedAt: at }));
    expect(
      await screen.findByText('Organizacija je povukla ovu potvrdu 20.11.2026. i ona više ne vrijedi.'),
    ).toBeInTheDocument();
  });

  it('says when no certificate has the code', async () => {
    openCheck(() => fail(404, 'NotFound', 'Nije pronađeno.'));
    expect(await screen.findByText(/^Potvrda s kodom 2-7K3M-Q9XA-H4PD ne postoji\./)).toBeInTheDocument();
  });
});

describe('an item’s certificates in the console', () => {
  const course = makeStaffContent(5, {
    settings: {
      timeRestriction: null,
      passingScore: 0.5,
      comments: false,
      certificate: true,
      questionsPerAttempt: null,
    },
  });
  const holder = (id: number, name: string, overrides: Partial<StaffCertificate> = {}): StaffCertificate => ({
    user: { id, name },
    passedAt: at,
    mark: 0.9,
    code: `2-AAAA-BBBB-CCC${id}`,
    revoked: null,
    ...overrides,
  });

  it('lists who passed, withdraws one with a reason only, and restores it', async () => {
    let holders = [holder(1, 'Ana Anić'), holder(2, 'Marko Marić', { code: null })];
    const bodies: unknown[] = [];
    const who = signInAs('ADMIN');
    const api = fakeApi({
      'GET /auth/me': () => ok(who),
      'GET /content/5': () => ok(course),
      'GET /content/5/certificates': () => ok({ count: holders.length, items: holders }),
      'PATCH /content/5/certificates/1': (request) => {
        bodies.push(request.body);
        const revoked = (request.body as { revoked: { reason: string } | null }).revoked;
        holders = holders.map((h) =>
          h.user.id === 1 ? { ...h, revoked: revoked && { ...revoked, at, by: { id: 7, name: 'Ana Anić' } } } : h,
        );
        return ok(holders[0]);
      },
    });
    const { user } = renderApp('/admin/content/5/certificates');
    const table = await screen.findByRole('table', { name: 'Potvrde' });
    const [, ana, marko] = within(table).getAllByRole('row');
    expect(ana).toHaveTextContent('2-AAAA-BBBB-CCC1');
    expect(ana).toHaveTextContent('Vrijedi');
    expect(marko).toHaveTextContent('90 %');

    await user.click(within(ana as HTMLElement).getByRole('button', { name: 'Povuci potvrdu: Ana Anić' }));
    const dialog = await screen.findByRole('dialog', { name: 'Povlačenje potvrde osobe Ana Anić' });
    await user.click(within(dialog).getByRole('button', { name: 'Povuci potvrdu' }));
    expect(await within(dialog).findByText('Napišite zašto se potvrda povlači.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Razlog/ }), 'Položila druga osoba.');
    await user.click(within(dialog).getByRole('button', { name: 'Povuci potvrdu' }));
    expect(await screen.findByText('Potvrda osobe Ana Anić je povučena.')).toBeInTheDocument();
    const withdrawn = await screen.findByRole('button', { name: 'Vrati potvrdu: Ana Anić' });
    expect(screen.getByText(/Položila druga osoba\./)).toBeInTheDocument();
    await user.click(withdrawn);
    await waitFor(() => expect(bodies).toEqual([{ revoked: { reason: 'Položila druga osoba.' } }, { revoked: null }]));
    expect(api.find('GET', '/content/5/certificates')).toBeDefined();
  });

  it('says so for an education that gives none', async () => {
    const who = signInAs('ADMIN');
    fakeApi({
      'GET /auth/me': () => ok(who),
      'GET /content/5': () =>
        ok({ ...course, settings: { ...course.settings, certificate: false, questionsPerAttempt: null } }),
    });
    renderApp('/admin/content/5/certificates');
    expect(await screen.findByText(/Ova edukacija ne izdaje potvrde/)).toBeInTheDocument();
  });
});
