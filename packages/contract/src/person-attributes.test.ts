import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_MAX_LENGTH } from './constants.js';
import { joinCsvTexts, splitCsvTexts } from './envelope.js';
import { CreateUserBodySchema, UpdateUserBodySchema, UserBulkBodySchema, UserListQuerySchema } from './people.js';
import { PersonAttributeChangesSchema } from './person-attributes.js';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe("a person's attributes in a body", () => {
  it('trims the texts, reads an empty one as none, and leaves out what is not named', () => {
    expect(
      PersonAttributeChangesSchema.parse({
        department: '  Prodaja ',
        location: '   ',
        jobTitle: null,
        startDate: null,
      }),
    ).toEqual({ department: 'Prodaja', location: null, jobTitle: null, startDate: null });
    expect(UpdateUserBodySchema.parse({ managerId: 7 })).toEqual({ managerId: 7 });
    expect(CreateUserBodySchema.parse({ name: 'Ana', email: 'ana@primjer.hr' })).toMatchObject({
      department: null,
      location: null,
      jobTitle: null,
      employeeNumber: null,
      managerId: null,
      startDate: null,
    });
  });

  it('refuses a text that is too long, a day that is not in the calendar or out of range, and a bad manager id', () => {
    const long = 'x'.repeat(ATTRIBUTE_MAX_LENGTH + 1);
    expect(issuesOf(PersonAttributeChangesSchema.safeParse({ jobTitle: long }))).toEqual([
      { path: 'jobTitle', message: 'validation.attributeTooLong' },
    ]);
    expect(
      PersonAttributeChangesSchema.safeParse({ jobTitle: `  ${'x'.repeat(ATTRIBUTE_MAX_LENGTH)}  ` }).success,
    ).toBe(true);
    for (const startDate of ['2023-02-29', '2024-13-01', '01.03.2024.', '0202-03-01', '2024-3-1']) {
      expect(issuesOf(PersonAttributeChangesSchema.safeParse({ startDate })), startDate).toEqual([
        { path: 'startDate', message: 'validation.invalidDay' },
      ]);
    }
    expect(PersonAttributeChangesSchema.parse({ startDate: '2024-02-29' })).toEqual({ startDate: '2024-02-29' });
    expect(PersonAttributeChangesSchema.safeParse({ managerId: 0 }).success).toBe(false);
  });
});

describe('the people list filters by attribute', () => {
  it('takes several exact values, a value with a comma or a quote in quotes', () => {
    const values = ['Prodaja, sjever', 'IT', 'Voditelj "A" tima'];
    expect(joinCsvTexts(values)).toBe('"Prodaja, sjever",IT,"Voditelj ""A"" tima"');
    expect(splitCsvTexts(joinCsvTexts(values))).toEqual(values);
    expect(splitCsvTexts(' Prodaja , IT,,Prodaja')).toEqual(['Prodaja', 'IT']);
    expect(UserListQuerySchema.parse({ department: '"Prodaja, sjever",IT', manager: '4' })).toMatchObject({
      department: ['Prodaja, sjever', 'IT'],
      location: [],
      jobTitle: [],
      manager: 4,
    });
    expect(UserListQuerySchema.safeParse({ location: 'x'.repeat(ATTRIBUTE_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it('and so does an action on everyone the list matches', () => {
    expect(UserBulkBodySchema.parse({ action: 'reactivate', filter: { department: ['Prodaja'] } }).filter).toEqual({
      role: [],
      status: [],
      department: ['Prodaja'],
      location: [],
      jobTitle: [],
    });
  });
});
