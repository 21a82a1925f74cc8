import type { StaffContent } from '@kanal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadAreaTexts } from '@/lib/i18n';
import { describeAudience } from './audience-words';

const audience = (fields: Partial<StaffContent['audience']>): StaffContent['audience'] => ({
  everyone: false,
  groups: [],
  people: [],
  rules: [],
  ruleRefs: { groups: [], people: [] },
  ...fields,
});

beforeAll(async () => {
  await loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin'),
    en: () => import('@/locales/en/admin'),
  });
});

describe("an item's audience in words", () => {
  it('says everyone, the groups and people by name, or the rules', async () => {
    const t = i18n.getFixedT('hr', 'admin');
    expect(describeAudience(t, audience({ everyone: true }))).toBe('Primatelji: svi u organizaciji.');
    expect(
      describeAudience(t, audience({ groups: [{ id: 1, name: 'Prodaja' }], people: [{ id: 2, name: 'Ana Anić' }] })),
    ).toBe('Primatelji: grupe Prodaja i osobe Ana Anić.');
    const ruled = audience({
      rules: [
        {
          conditions: [
            { attribute: 'department', operator: 'is', values: ['Prodaja', 'Nabava'] },
            { attribute: 'location', operator: 'is', values: ['Zagreb'] },
          ],
        },
        { conditions: [{ attribute: 'jobTitle', operator: 'contains', values: ['voditelj'] }] },
        { conditions: [{ attribute: 'group', operator: 'memberOf', ids: [9] }] },
        { conditions: [{ attribute: 'employeeNumber', operator: 'is', values: ['E-7'] }] },
      ],
      ruleRefs: { groups: [{ id: 9, name: 'Terenci' }], people: [] },
    });
    expect(describeAudience(t, ruled)).toBe(
      'Primatelji prema pravilu: odjel je Prodaja ili Nabava i lokacija je Zagreb; ili radno mjesto sadrži „voditelj”; ili član grupe Terenci; ili broj zaposlenika je E-7.',
    );
    await changeLanguage('en');
    const en = i18n.getFixedT('en', 'admin');
    expect(describeAudience(en, audience({ ...ruled, people: [{ id: 2, name: 'Ana Anić' }] }))).toBe(
      'Recipients by rule: department is Prodaja or Nabava and location is Zagreb; or job title contains “voditelj”; or member of group Terenci; or employee number is E-7. Also chosen: people Ana Anić.',
    );
  });

  it('leaves out a rule whose group is gone (it admits nobody)', async () => {
    const t = i18n.getFixedT('en', 'admin');
    const gone = audience({
      rules: [
        { conditions: [{ attribute: 'group', operator: 'memberOf', ids: [9] }] },
        { conditions: [{ attribute: 'startDate', operator: 'after', day: '2026-09-01' }] },
      ],
    });
    expect(describeAudience(t, gone)).toBe('Recipients by rule: started after 01.09.2026.');
    await changeLanguage('hr');
  });
});
