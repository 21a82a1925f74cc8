import type { AdminGroup, AudiencePerson, Me } from '@kanal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleContextValue } from '@/console/lib/console-context';
import { signInAs } from '@/console/test/console-fixtures';
import { changeLanguage, loadAreaTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { type ContentDraft, draftResolver, emptyDraft } from '../../lib/content-draft';
import { AudienceSection } from './editor-audience';

type Routes = Parameters<typeof fakeApi>[0];
type Audience = ContentDraft['audience'];

const query = (request: FakeRequest) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
const makeGroup = (id: number, name: string, memberCount: number): AdminGroup => ({
  id,
  name,
  memberCount,
  createdAt: new Date(2026, 9, 14, 10, 0).toISOString(),
});
const someGroups = [makeGroup(3, 'Prodaja', 12), makeGroup(4, 'Skladište', 1)];
const people: AudiencePerson[] = [
  { id: 21, name: 'Marko Marić', groups: [{ id: 3, name: 'Prodaja' }] },
  { id: 22, name: 'Marija Horvat', groups: [] },
  {
    id: 23,
    name: 'Ivan Ivić',
    groups: [
      { id: 3, name: 'Prodaja' },
      { id: 4, name: 'Skladište' },
    ],
  },
];

/** GET /group as the server pages it: `limit` and `offset`, with the whole count. */
const groupPages =
  (groups: AdminGroup[]) =>
  (request: FakeRequest): ReturnType<typeof ok> => {
    const { limit = '20', offset = '0' } = query(request);
    return ok({ count: groups.length, items: groups.slice(Number(offset), Number(offset) + Number(limit)) });
  };

/** GET /audience/people: the head count (limit=1) or a search by name. */
const userSearch = (request: FakeRequest) => {
  const { q = '', limit = '20' } = query(request);
  const matching = people.filter((person) => person.name.toLowerCase().includes(q.toLowerCase()));
  return ok({ count: q ? matching.length : 57, items: matching.slice(0, Number(limit)) });
};

function Harness({
  audience,
  disabled,
  expose,
  onSubmit,
  onSubmitEvent,
}: {
  audience: Audience;
  disabled: boolean;
  expose: (form: UseFormReturn<ContentDraft>) => void;
  onSubmit: () => void;
  /** Every submission the form sees, valid or not. */
  onSubmitEvent: () => void;
}) {
  // As the editor makes its form: the contract's rules, checked once a field is left.
  const form = useForm<ContentDraft>({
    defaultValues: { ...emptyDraft('INFORMATION'), name: 'Ljetna zabava', audience },
    resolver: draftResolver,
    mode: 'onTouched',
  });
  expose(form);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        onSubmitEvent();
        return form.handleSubmit(onSubmit)(event);
      }}
    >
      <AudienceSection form={form} disabled={disabled} />
      <button type="submit">Objavi</button>
    </form>
  );
}

function renderSection(
  options: { routes?: Routes; audience?: Audience; disabled?: boolean; role?: 'ADMIN' | 'CREATOR' } = {},
) {
  const me: Me = signInAs(options.role ?? 'CREATOR');
  const api = fakeApi({ 'GET /group': groupPages(someGroups), 'GET /audience/people': userSearch, ...options.routes });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const onSubmit = vi.fn();
  const onSubmitEvent = vi.fn();
  let form: UseFormReturn<ContentDraft> | undefined;
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ConsoleContextValue.Provider
        value={{
          me,
          tenantId: me.tenant.id,
          setTenantId: () => undefined,
          canEdit: me.role !== 'CREATOR',
          canAuthor: true,
        }}
      >
        <Harness
          audience={options.audience ?? { everyone: false, groups: [], people: [] }}
          disabled={options.disabled ?? false}
          expose={(made) => {
            form = made;
          }}
          onSubmit={onSubmit}
          onSubmitEvent={onSubmitEvent}
        />
      </ConsoleContextValue.Provider>
    </QueryClientProvider>,
  );
  const audience = () => form?.getValues('audience');
  const section = () => screen.getByRole('region', { name: 'Primatelji' });
  return { api, user, audience, onSubmit, onSubmitEvent, section };
}

beforeEach(async () => {
  await loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin'),
    en: () => import('@/locales/en/admin'),
  });
});

describe('the recipients of an item', () => {
  it('sends it to everyone, saying how many people that is now', async () => {
    const { api, user, audience, section } = renderSection();
    const region = section();
    expect(region).toHaveAttribute('id', 'editor-audience');
    expect(within(region).getByRole('heading', { level: 2, name: 'Primatelji' })).toBeInTheDocument();
    const choice = within(region).getByRole('group', { name: 'Tko ga prima' });
    const everyone = within(choice).getByRole('radio', { name: 'Svi u organizaciji' });
    expect(within(choice).getByRole('radio', { name: 'Odabrane grupe i osobe' })).toBeChecked();
    expect(
      await within(region).findByText('Sada 57 osoba, a dobit će ga i svi koji se pridruže kasnije.'),
    ).toBeVisible();
    expect(everyone).toHaveAccessibleDescription('Sada 57 osoba, a dobit će ga i svi koji se pridruže kasnije.');
    // Only people who can receive it are counted, and only the count is asked for.
    const headCount = api.calls.find((call) => call.path === '/audience/people');
    expect(query(headCount as FakeRequest)).toEqual({ limit: '1' });
    expect(within(region).getByText('Još niste odabrali primatelje.')).toBeInTheDocument();

    await user.click(everyone);
    expect(everyone).toBeChecked();
    expect(audience()).toMatchObject({ everyone: true, groups: [], people: [], byRule: false });
    expect(within(region).getByText('Primatelji: svi u organizaciji, sada 57 osoba.')).toBeInTheDocument();
    // Nothing to choose from when it goes to everyone.
    expect(within(region).queryByRole('group', { name: 'Grupe' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('ticks groups with their member counts, summing up to how many people that is', async () => {
    const { user, audience, section } = renderSection();
    const region = section();
    const groups = within(region).getByRole('group', { name: 'Grupe' });
    await user.click(await within(groups).findByRole('checkbox', { name: 'Prodaja 12 članova' }));
    await user.click(within(groups).getByRole('checkbox', { name: 'Skladište 1 član' }));
    expect(audience()?.groups).toEqual([
      { id: 3, name: 'Prodaja' },
      { id: 4, name: 'Skladište' },
    ]);
    expect(groups).toHaveAccessibleDescription('Označene su 2 grupe.');
    expect(
      within(region).getByText(
        'Primatelji: 2 grupe (13 članova), ukupno najviše 13 osoba (tko je odabran više puta, prima ga samo jednom).',
      ),
    ).toBeInTheDocument();

    await user.click(within(groups).getByRole('checkbox', { name: 'Prodaja 12 članova' }));
    expect(audience()?.groups).toEqual([{ id: 4, name: 'Skladište' }]);
    expect(within(region).getByText(/^Primatelji: 1 grupa \(1 član\), ukupno najviše 1 osoba/)).toBeInTheDocument();
  });

  it('adds people found by a search as chips, each removed by its own button', async () => {
    const { api, user, audience, section } = renderSection({
      audience: { everyone: false, groups: [{ id: 3, name: 'Prodaja' }], people: [] },
    });
    const region = section();
    // The search waits for the typing to pause: one call for "mar", none for "m" and "ma".
    await user.type(within(region).getByRole('searchbox', { name: 'Pronađi osobu' }), 'mar');
    const results = await within(region).findByRole('group', { name: 'Pronađene osobe' });
    expect(within(results).getAllByRole('checkbox')).toHaveLength(2);
    const searches = api.calls
      .filter((call) => call.path === '/audience/people' && query(call).q !== undefined)
      .map(query);
    expect(searches).toEqual([{ q: 'mar', limit: '10' }]);
    await user.click(within(results).getByRole('checkbox', { name: 'Marko Marić Prodaja' }));
    await user.click(within(results).getByRole('checkbox', { name: 'Marija Horvat' }));

    expect(audience()?.people).toEqual([
      { id: 21, name: 'Marko Marić' },
      { id: 22, name: 'Marija Horvat' },
    ]);
    const chips = within(region).getByRole('list', { name: 'Odabrane osobe' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Marko Marić', 'Marija Horvat']);
    expect(
      await within(region).findByText(
        'Primatelji: 1 grupa (12 članova) i 2 osobe, ukupno najviše 14 osoba (tko je odabran više puta, prima ga samo jednom).',
      ),
    ).toBeInTheDocument();

    // Removing a chip takes focus to the next one, and the last one's to the search.
    await user.click(within(chips).getByRole('button', { name: 'Ukloni osobu Marko Marić' }));
    expect(audience()?.people).toEqual([{ id: 22, name: 'Marija Horvat' }]);
    expect(within(region).getByRole('button', { name: 'Ukloni osobu Marija Horvat' })).toHaveFocus();
    expect(within(results).getByRole('checkbox', { name: 'Marko Marić Prodaja' })).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(audience()?.people).toEqual([]);
    expect(within(region).getByRole('searchbox', { name: 'Pronađi osobu' })).toHaveFocus();
    expect(within(region).getByText('Nijedna osoba nije dodana pojedinačno.')).toBeInTheDocument();
  });

  it('says when a search finds no one, and that Enter in it does not submit the form', async () => {
    const { api, user, onSubmitEvent, section } = renderSection();
    const search = within(section()).getByRole('searchbox', { name: 'Pronađi osobu' });
    await user.type(search, 'zzz{Enter}');
    expect(await within(section()).findByText('Nitko ne odgovara pretrazi.')).toBeInTheDocument();
    expect(onSubmitEvent).not.toHaveBeenCalled();
    expect(api.calls.filter((call) => query(call).q === 'zzz')).toHaveLength(1);
  });

  it('offers a retry when the search fails', async () => {
    let broken = true;
    const { user, section } = renderSection({
      routes: {
        'GET /audience/people': (request) =>
          query(request).q && broken ? fail(500, 'SomethingWentWrong', 'Nešto je pošlo po krivu') : userSearch(request),
      },
    });
    await user.type(within(section()).getByRole('searchbox', { name: 'Pronađi osobu' }), 'Ivan');
    expect(await within(section()).findByText('Pretraga osoba nije uspjela.')).toBeInTheDocument();
    broken = false;
    await user.click(within(section()).getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(
      await within(section()).findByRole('checkbox', { name: 'Ivan Ivić Prodaja, Skladište' }),
    ).toBeInTheDocument();
  });

  it('loads every group, page by page, and filters them by name when there are many', async () => {
    const many = Array.from({ length: 104 }, (_, i) => makeGroup(100 + i, `Tim ${String(i + 1).padStart(3, '0')}`, i));
    many.push(makeGroup(4, 'Skladište', 7));
    const { api, user, section } = renderSection({ routes: { 'GET /group': groupPages(many) } });
    const groups = within(section()).getByRole('group', { name: 'Grupe' });
    // The second page's group is there: all 105 are listed (text queries: roles over 105 rows are slow).
    expect(await within(groups).findByLabelText('Skladište 7 članova')).toBeInTheDocument();
    expect(within(groups).getByLabelText('Tim 001 0 članova')).toBeInTheDocument();
    expect(groups.querySelectorAll('input[type="checkbox"]')).toHaveLength(105);
    expect(
      api.calls.filter((call) => call.path === '/group').map((call) => [query(call).limit, query(call).offset]),
    ).toEqual([
      ['100', '0'],
      ['100', '100'],
    ]);

    // Accents do not matter to the filter.
    const filter = within(groups).getByRole('searchbox', { name: 'Pretraži grupe' });
    await user.type(filter, 'skladiste');
    expect(
      within(groups)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Skladište 7 članova']);
    await user.click(within(groups).getByRole('checkbox', { name: 'Skladište 7 članova' }));
    await user.clear(filter);
    await user.type(filter, 'nabava');
    expect(within(groups).getByText('Nijedna grupa ne odgovara pretrazi.')).toBeInTheDocument();
    expect(within(groups).queryByRole('checkbox')).not.toBeInTheDocument();
    // The ticked group stays ticked while the filter hides it.
    expect(within(groups).getByText('Označena je 1 grupa.')).toBeInTheDocument();
  });

  it('has no filter for a few groups', async () => {
    const { section } = renderSection();
    const groups = within(section()).getByRole('group', { name: 'Grupe' });
    await within(groups).findByRole('checkbox', { name: 'Prodaja 12 članova' });
    expect(within(groups).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('says when the organisation has no groups yet, and where an admin makes them', async () => {
    renderSection({ role: 'ADMIN', routes: { 'GET /group': () => ok({ count: 0, items: [] }) } });
    expect(await screen.findByText('Još nema nijedne grupe')).toBeInTheDocument();
    expect(screen.getByText(/Grupe se prave pod „Grupe” u izborniku/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers a retry when the groups do not load', async () => {
    let broken = true;
    const { user, section } = renderSection({
      routes: {
        'GET /group': (request) =>
          broken ? fail(500, 'SomethingWentWrong', 'Nešto je pošlo po krivu') : groupPages(someGroups)(request),
      },
    });
    const groups = within(section()).getByRole('group', { name: 'Grupe' });
    expect(within(groups).getByRole('status', { name: 'Učitavanje…' })).toBeInTheDocument();
    expect(await within(groups).findByRole('alert')).toHaveTextContent('Popis grupa nije se učitao.');
    broken = false;
    await user.click(within(groups).getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await within(groups).findByRole('checkbox', { name: 'Prodaja 12 članova' })).toBeInTheDocument();
  });

  it('shows the rule that someone must receive it, focuses the choice, and clears it once someone is chosen', async () => {
    const { user, onSubmit, section } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Objavi' }));
    const message = await within(section()).findByText('Odaberite primatelje: sve, grupe, osobe ili pravilo');
    expect(onSubmit).not.toHaveBeenCalled();
    const chosen = within(section()).getByRole('radio', { name: 'Odabrane grupe i osobe' });
    expect(chosen).toHaveFocus();
    expect(chosen.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);

    await user.click(await within(section()).findByRole('checkbox', { name: 'Skladište 1 član' }));
    await waitFor(() => expect(message).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Objavi' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it('is read-only when the item may not be changed', async () => {
    const { user, audience, section } = renderSection({
      disabled: true,
      audience: { everyone: false, groups: [{ id: 3, name: 'Prodaja' }], people: [{ id: 21, name: 'Marko Marić' }] },
    });
    const region = section();
    for (const radio of within(region).getAllByRole('radio')) expect(radio).toBeDisabled();
    const prodaja = await within(region).findByRole('checkbox', { name: 'Prodaja 12 članova' });
    expect(prodaja).toBeChecked();
    expect(prodaja).toBeDisabled();
    expect(within(region).getByRole('list', { name: 'Odabrane osobe' })).toHaveTextContent('Marko Marić');
    expect(within(region).queryByRole('button', { name: /Ukloni/ })).not.toBeInTheDocument();
    expect(within(region).queryByRole('searchbox', { name: 'Pronađi osobu' })).not.toBeInTheDocument();
    await user.click(prodaja);
    expect(audience()?.groups).toEqual([{ id: 3, name: 'Prodaja' }]);
  });

  it('speaks English, with its plurals', async () => {
    await changeLanguage('en');
    renderSection({
      audience: { everyone: false, groups: [{ id: 3, name: 'Prodaja' }], people: [{ id: 21, name: 'Marko Marić' }] },
    });
    const region = screen.getByRole('region', { name: 'Recipients' });
    expect(
      await within(region).findByText(
        'Recipients: 1 group (12 members) and 1 person, up to 13 people in all (anyone chosen more than once receives it once).',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Remove Marko Marić' })).toBeInTheDocument();
  });
});
