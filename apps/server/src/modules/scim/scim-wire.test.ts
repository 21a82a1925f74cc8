import { describe, expect, it } from 'vitest';
import { conditionsOf, GROUP_FILTERS, USER_FILTERS } from './scim-filter.js';
import { applyPatch, patchOperations } from './scim-patch.js';
import { SCHEMA, ScimError } from './scim-protocol.js';
import { directoryPerson, memberIds } from './scim-resources.js';

// The pure parts of SCIM: filters read into conditions, PATCH applied to a resource, a resource read
// into a person. The journeys against the server are in scim.test.ts.

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType };
    throw error;
  }
  throw new Error('not refused');
};

describe('SCIM filters', () => {
  it('reads the lookups directories send', () => {
    expect(conditionsOf('userName eq "Ana@Firma.hr"', USER_FILTERS)).toEqual([
      { attribute: 'userName', value: 'Ana@Firma.hr' },
    ]);
    expect(conditionsOf('externalId eq "e-1" and userName eq "ana"', USER_FILTERS)).toEqual([
      { attribute: 'externalId', value: 'e-1' },
      { attribute: 'userName', value: 'ana' },
    ]);
    // scim2-parse-filter splits the value path into a "has a work address" and the address's value.
    expect(conditionsOf('emails[type eq "work"].value eq "ana@firma.hr"', USER_FILTERS)).toEqual([
      { attribute: 'email', value: 'ana@firma.hr' },
    ]);
    expect(conditionsOf('emails[type eq "home"].value eq "ana@firma.hr"', USER_FILTERS)).toEqual([
      { attribute: 'none', value: '' },
      { attribute: 'email', value: 'ana@firma.hr' },
    ]);
    expect(conditionsOf('UserName Eq "x"', USER_FILTERS)).toEqual([{ attribute: 'userName', value: 'x' }]);
    expect(conditionsOf('displayName eq "Prodaja" and members[value eq "7"]', GROUP_FILTERS)).toEqual([
      { attribute: 'displayName', value: 'Prodaja' },
      { attribute: 'member', value: '7' },
    ]);
    expect(conditionsOf(undefined, USER_FILTERS)).toEqual([]);
  });

  it('refuses what it cannot answer with invalidFilter', () => {
    for (const filter of [
      'userName co "ana"',
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'title eq "x"',
      'userName eq',
      'active eq true',
    ]) {
      expect(
        refusal(() => conditionsOf(filter, USER_FILTERS)),
        filter,
      ).toEqual({
        status: 400,
        scimType: 'invalidFilter',
      });
    }
  });
});

const patch = (...Operations: unknown[]) => ({ schemas: [SCHEMA.patch], Operations });

describe('SCIM PATCH', () => {
  const ana = {
    schemas: [SCHEMA.user],
    id: '7',
    userName: 'ana@firma.hr',
    displayName: 'Ana Anić',
    active: true,
    emails: [{ value: 'ana@firma.hr', type: 'work', primary: true }],
    [SCHEMA.enterprise]: {},
  };
  const apply = (...operations: unknown[]) =>
    applyPatch(ana, patchOperations(patch(...operations)), [SCHEMA.enterprise]);

  it("reads Entra ID's casing and string booleans as meant", () => {
    const changed = apply({ op: 'Replace', path: 'active', value: 'False' });
    expect(changed.active).toBe('False');
    expect(directoryPerson(changed).active).toBe(false);
    expect(ana.active).toBe(true);
  });

  it('replaces without a path (Okta), by a value path, and adds an element a filter names', () => {
    expect(apply({ op: 'replace', value: { active: false, displayName: 'Ana Horvat' } })).toMatchObject({
      active: false,
      displayName: 'Ana Horvat',
    });
    expect(apply({ op: 'Replace', path: 'emails[type eq "work"].value', value: 'ana.horvat@firma.hr' }).emails).toEqual(
      [{ value: 'ana.horvat@firma.hr', type: 'work', primary: true }],
    );
    expect(
      apply({ op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+385 1 234 5678' }).phoneNumbers,
    ).toEqual([{ type: 'work', value: '+385 1 234 5678' }]);
    expect(apply({ op: 'add', path: 'name.givenName', value: 'Ana' }).name).toEqual({ givenName: 'Ana' });
    expect(apply({ op: 'add', path: `${SCHEMA.enterprise}:department`, value: 'Prodaja' })[SCHEMA.enterprise]).toEqual({
      department: 'Prodaja',
    });
    expect(apply({ op: 'remove', path: 'emails[type eq "work"]' }).emails).toEqual([]);
  });

  it('refuses operations it cannot read', () => {
    expect(refusal(() => patchOperations({ Operations: [] }))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(refusal(() => patchOperations(patch({ op: 'move', path: 'active' })))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
    });
    expect(refusal(() => patchOperations(patch({ op: 'remove' })))).toEqual({ status: 400, scimType: 'noTarget' });
    expect(refusal(() => apply({ op: 'replace', path: 'emails[type eq', value: 'x' }))).toEqual({
      status: 400,
      scimType: 'invalidPath',
    });
  });
});

describe('SCIM resources read as people', () => {
  it('takes the address from emails, else from an e-mail userName, and a username otherwise', () => {
    expect(directoryPerson({ userName: 'Ana@Firma.hr', name: { givenName: 'Ana', familyName: 'Anić' } })).toEqual({
      names: { userName: 'Ana@Firma.hr', externalId: null },
      name: 'Ana Anić',
      email: 'ana@firma.hr',
      username: null,
      phone: null,
      active: true,
      attributes: {},
    });
    expect(
      directoryPerson({
        userName: 'ANIC.ANA',
        externalId: 'x-1',
        displayName: 'Ana',
        emails: [
          { value: 'ana@home.hr', type: 'home' },
          { value: 'ana@firma.hr', type: 'work' },
        ],
        active: 'True',
      }),
    ).toMatchObject({ email: 'ana@firma.hr', username: 'anic.ana', active: true, names: { externalId: 'x-1' } });
  });

  it('refuses a resource it cannot keep, naming the attribute', () => {
    expect(refusal(() => directoryPerson({ displayName: 'Ana' }))).toEqual({ status: 400, scimType: 'invalidValue' });
    expect(refusal(() => directoryPerson({ userName: 'ana@firma.hr', active: 'yes' }))).toEqual({
      status: 400,
      scimType: 'invalidValue',
    });
    expect(refusal(() => directoryPerson({ userName: 'DOMAIN\\ana' }))).toEqual({
      status: 400,
      scimType: 'invalidValue',
    });
    expect(refusal(() => memberIds([{ value: 'abc' }]))).toEqual({ status: 400, scimType: 'invalidValue' });
  });

  it("reads Entra ID's member removal with a null $ref", () => {
    expect(memberIds([{ $ref: null, value: '12' }, { value: '13' }])).toEqual([12, 13]);
  });
});
