import type { AdminGroup, Me, StaffContent } from '@kanal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConsoleContextValue } from '@/console/lib/console-context';
import { signInAs } from '@/console/test/console-fixtures';
import { changeLanguage, i18n, loadAreaTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { type FakeRequest, fail, fakeApi, ok } from '@/test/fake-api';
import { describeDraftRules, draftRulesOf } from '../../lib/audience-rule';
import { type ContentDraft, draftResolver, emptyDraft, toBody } from '../../lib/content-draft';
import { AudienceSection } from './editor-audience';

// The recipients by rule (issue 31): the rule builder, its suggestions, its live count, its words.

type Routes = Parameters<typeof fakeApi>[0];
const groups: AdminGroup[] = [
  { id: 3, name: 'Prodaja tim', memberCount: 12, createdAt: new Date(2026, 9, 14).toISOString() },
  { id: 4, name: 'Skladište', memberCount: 2, createdAt: new Date(2026, 9, 14).toISOString() },
];
const values = {
  departments: [
    { value: 'Prodaja', count: 40 },
    { value: 'Nabava', count: 7 },
  ],
  locations: [{ value: 'Zagreb', count: 30 }],
  jobTitles: [{ value: 'Voditelj prodaje', count: 3 }],
};

function Harness({ expose }: { expose: (form: UseFormReturn<ContentDraft>) => void }) {
  const form = useForm<ContentDraft>({
    defaultValues: { ...emptyDraft('INFORMATION'), name: 'Sastanak prodaje' },
    resolver: draftResolver,
    mode: 'onTouched',
  });
  expose(form);
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <AudienceSection form={form} disabled={false} />
      <button type="submit">Objavi</button>
    </form>
  );
}

function renderSection(routes: Routes = {}) {
  const me: Me = signInAs('CREATOR');
  const api = fakeApi({
    'GET /group': () => ok({ count: groups.length, items: groups }),
    'GET /audience/people': () => ok({ count: 57, items: [] }),
    'GET /audience/attributes': () => ok(values),
    'POST /audience/reach': () => ok({ count: 1234, sample: [{ id: 1, name: 'Ana Anić' }] }),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  let form: UseFormReturn<ContentDraft> | undefined;
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ConsoleContextValue.Provider
        value={{ me, tenantId: me.tenant.id, setTenantId: () => undefined, canEdit: false, canAuthor: true }}
      >
        <Harness
          expose={(made) => {
            form = made;
          }}
        />
      </ConsoleContextValue.Provider>
    </QueryClientProvider>,
  );
  const section = () => screen.getByRole('region', { name: /Primatelji|Recipients/ });
  const body = () => toBody(form?.getValues() as ContentDraft).audience;
  const reachCalls = () => api.calls.filter((call: FakeRequest) => call.path === '/audience/reach');
  return { api, user, section, body, reachCalls };
}

beforeEach(async () => {
  await changeLanguage('hr');
  await loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin'),
    en: () => import('@/locales/en/admin'),
  });
});

describe('recipients by rule', () => {
  it('builds a rule of conditions with the values in use, and counts whom it reaches once it is complete', async () => {
    const { user, section, body, reachCalls } = renderSection();
    const region = section();
    await user.click(within(region).getByRole('radio', { name: 'Pravilo' }));
    expect(await within(region).findByRole('group', { name: 'Pravilo 1' })).toBeInTheDocument();
    // A new condition asks for a department: not complete, so nothing is counted yet.
    expect(within(region).getByRole('combobox', { name: 'Svojstvo, uvjet 1' })).toHaveValue('department');
    expect(within(region).getByText('Dovršite uvjete da biste vidjeli koliko osoba pravilo doseže.')).toBeVisible();

    const value = within(region).getByLabelText('Vrijednost, uvjet 1');
    await waitFor(() => expect(region.querySelector('datalist option[value="Prodaja"]')).not.toBeNull());
    await user.type(value, 'Prodaja{Enter}');
    expect(within(region).getByRole('list', { name: 'Vrijednosti' })).toHaveTextContent('Prodaja');

    await user.click(within(region).getByRole('button', { name: 'Dodaj uvjet' }));
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Svojstvo, uvjet 2' }), 'location');
    await user.type(within(region).getByLabelText('Vrijednost, uvjet 2'), 'Zagreb');
    await user.click(within(region).getAllByRole('button', { name: 'Dodaj' })[1] as HTMLElement);

    expect(await within(region).findByText('Doseže 1.234 osobe. Među njima: Ana Anić i drugi.')).toBeVisible();
    const rules = [
      {
        conditions: [
          { attribute: 'department', operator: 'is', values: ['Prodaja'] },
          { attribute: 'location', operator: 'is', values: ['Zagreb'] },
        ],
      },
    ];
    // Asked once the rule had settled, with the rule as it is.
    expect(reachCalls().at(-1)?.body).toEqual({ rules });
    expect(within(region).getByText('Primatelji prema pravilu: odjel je Prodaja i lokacija je Zagreb.')).toBeVisible();
    expect(body()).toEqual({ everyone: false, groups: [], people: [], rules });
  });

  it('takes a start date, a part of a job title and a group, and says the rules in words', async () => {
    const { user, section, body } = renderSection({
      'POST /audience/reach': () => ok({ count: 21, sample: [] }),
    });
    const region = section();
    await user.click(within(region).getByRole('radio', { name: 'Pravilo' }));
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Svojstvo, uvjet 1' }), 'startDate');
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Usporedba, uvjet 1' }), 'after');
    await user.type(within(region).getByLabelText('Vrijednost, uvjet 1'), '2026-09-01');

    await user.click(within(region).getByRole('button', { name: 'Dodaj još jedno pravilo (ili)' }));
    const second = within(region).getByRole('group', { name: 'Pravilo 2' });
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Svojstvo, uvjet 1' }), 'jobTitle');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Usporedba, uvjet 1' }), 'contains');
    await user.type(within(second).getByLabelText('Vrijednost, uvjet 1'), 'voditelj{Enter}');
    await user.click(within(second).getByRole('button', { name: 'Dodaj uvjet' }));
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Svojstvo, uvjet 2' }), 'group');
    await user.selectOptions(await within(second).findByLabelText('Vrijednost, uvjet 2'), '3');

    // 21 in Croatian: the form of one.
    expect(await within(region).findByText('Doseže 21 osobu.')).toBeVisible();
    expect(
      within(region).getByText(
        'Primatelji prema pravilu: zaposlen nakon 01.09.2026.; ili radno mjesto sadrži „voditelj” i član grupe Prodaja tim.',
      ),
    ).toBeVisible();
    expect(body().rules).toEqual([
      { conditions: [{ attribute: 'startDate', operator: 'after', day: '2026-09-01' }] },
      {
        conditions: [
          { attribute: 'jobTitle', operator: 'contains', values: ['voditelj'] },
          { attribute: 'group', operator: 'memberOf', ids: [3] },
        ],
      },
    ]);
    // A condition removed takes its place with it.
    await user.click(within(second).getByRole('button', { name: 'Ukloni uvjet 1' }));
    expect(body().rules?.[1]).toEqual({ conditions: [{ attribute: 'group', operator: 'memberOf', ids: [3] }] });
  });

  it('shows a condition left empty at the condition when publishing, and asks nothing', async () => {
    const { user, section, reachCalls } = renderSection();
    const region = section();
    await user.click(within(region).getByRole('radio', { name: 'Pravilo' }));
    await user.click(screen.getByRole('button', { name: 'Objavi' }));
    const value = within(region).getByLabelText('Vrijednost, uvjet 1');
    expect(await within(region).findByText('Obavezno')).toBeVisible();
    expect(value).toHaveAccessibleDescription('Obavezno');
    expect(reachCalls()).toEqual([]);
  });

  it('says when the count fails, and counts again on retry', async () => {
    let calls = 0;
    const { user, section } = renderSection({
      'POST /audience/reach': () => {
        calls += 1;
        return calls === 1 ? fail(503, 'ServiceUnavailable', 'Nedostupno') : ok({ count: 2, sample: [] });
      },
    });
    const region = section();
    await user.click(within(region).getByRole('radio', { name: 'Pravilo' }));
    await user.type(within(region).getByLabelText('Vrijednost, uvjet 1'), 'Nabava{Enter}');
    expect(await within(region).findByText(/Broj osoba nije se učitao\./)).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(await within(region).findByText('Doseže 2 osobe.')).toBeVisible();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    const { user, section } = renderSection();
    const region = section();
    await user.click(within(region).getByRole('radio', { name: 'By rule' }));
    await user.type(within(region).getByLabelText('Value, condition 1'), 'Prodaja{Enter}');
    expect(await within(region).findByText('Reaches 1,234 people. Among them: Ana Anić and others.')).toBeVisible();
    expect(within(region).getByText('Recipients by rule: department is Prodaja.')).toBeVisible();
  });
});

describe('a rule in words and in the draft', () => {
  it('has the Croatian plural forms of the count', async () => {
    const t = i18n.getFixedT('hr', 'admin');
    const reach = (count: number) => t('editorAudience.rule.reach', { count, number: String(count) });
    expect([1, 2, 4, 5, 11, 21, 22, 25].map(reach)).toEqual([
      'Doseže 1 osobu.',
      'Doseže 2 osobe.',
      'Doseže 4 osobe.',
      'Doseže 5 osoba.',
      'Doseže 11 osoba.',
      'Doseže 21 osobu.',
      'Doseže 22 osobe.',
      'Doseže 25 osoba.',
    ]);
  });

  it('starts from an item’s rules by name, leaving out a group deleted since with the rule that needed it', () => {
    const audience: StaffContent['audience'] = {
      everyone: false,
      groups: [],
      people: [],
      rules: [
        {
          conditions: [
            { attribute: 'manager', operator: 'is', ids: [7] },
            { attribute: 'location', operator: 'contains', values: ['grad'] },
          ],
        },
        { conditions: [{ attribute: 'group', operator: 'memberOf', ids: [9] }] },
        { conditions: [{ attribute: 'startDate', operator: 'before', day: '2020-01-31' }] },
      ],
      ruleRefs: { groups: [], people: [{ id: 7, name: 'Marko Marić' }] },
    };
    const rules = draftRulesOf(audience);
    expect(rules).toHaveLength(2);
    const t = i18n.getFixedT('hr', 'admin');
    expect(describeDraftRules(t, rules)).toBe(
      'nadređeni je Marko Marić i lokacija sadrži „grad”; ili zaposlen prije 31.01.2020',
    );
  });
});
