import { describe, expect, it } from 'vitest';
import { attributesFromClaims, claimAt, shownAttributeClaims, storedAttributeClaims } from './sso-claims.js';

describe('a claim by its name', () => {
  it('reads a name as written first, then a dotted one as a path into objects', () => {
    const claims = { 'extn.department': 'Prodaja', address: { locality: 'Pula' }, groups: ['a'] };
    expect(claimAt(claims, 'extn.department')).toBe('Prodaja');
    expect(claimAt(claims, 'address.locality')).toBe('Pula');
    expect(claimAt(claims, 'address.country')).toBeUndefined();
    expect(claimAt(claims, 'groups.0')).toBeUndefined();
    expect(claimAt(claims, 'toString')).toBeUndefined();
    expect(claimAt(claims, 'address.constructor')).toBeUndefined();
  });
});

describe('person attributes from claims', () => {
  const mapping = { department: 'department', jobTitle: 'title', startDate: 'hired' };

  it('takes the mapped claims that are present, and nothing of the others', () => {
    expect(attributesFromClaims(mapping, { department: 'Prodaja', location: 'Zagreb', sub: 'x' })).toEqual({
      changes: { department: 'Prodaja' },
      ignored: [],
    });
  });

  it('takes a start date as a day or a date-time at its start, and clears one that comes empty', () => {
    for (const [hired, day] of [
      ['2021-03-01', '2021-03-01'],
      ['2021-03-01T00:00:00Z', '2021-03-01'],
      ['2021-03-01T00:00:00.000+01:00', '2021-03-01'],
      [' 2024-02-29T08:00 ', '2024-02-29'],
      ['', null],
    ]) {
      expect(attributesFromClaims(mapping, { hired }).changes).toEqual({ startDate: day });
    }
    for (const hired of ['2023-02-29', '01.03.2021.', '2021-03-01 00:00', '1899-12-31']) {
      expect(attributesFromClaims(mapping, { hired })).toEqual({
        changes: {},
        ignored: [{ attribute: 'startDate', claim: 'hired', reason: 'notADay' }],
      });
    }
  });

  it('ignores, naming why, a value that is no text, holds a control character or is too long', () => {
    const { changes, ignored } = attributesFromClaims(
      { ...mapping, location: 'office', employeeNumber: 'number' },
      { department: 'a'.repeat(101), title: 'Vozač\u0000', office: null, number: 7, hired: 20210301 },
    );
    expect(changes).toEqual({});
    expect(ignored).toEqual([
      { attribute: 'department', claim: 'department', reason: 'tooLong' },
      { attribute: 'location', claim: 'office', reason: 'notText' },
      { attribute: 'jobTitle', claim: 'title', reason: 'controlCharacters' },
      { attribute: 'employeeNumber', claim: 'number', reason: 'notText' },
      { attribute: 'startDate', claim: 'hired', reason: 'notText' },
    ]);
    // A hundred characters once trimmed is an attribute's length, and taken.
    expect(attributesFromClaims(mapping, { department: ` ${'a'.repeat(100)} ` }).changes).toEqual({
      department: ` ${'a'.repeat(100)} `,
    });
  });
});

describe('the stored mapping', () => {
  it('keeps only the attributes mapped to a claim, and answers every attribute', () => {
    const stored = storedAttributeClaims({ department: 'department', location: '', jobTitle: null });
    expect(stored).toEqual({ department: 'department' });
    expect(storedAttributeClaims(undefined)).toEqual({});
    expect(shownAttributeClaims(stored)).toEqual({
      department: 'department',
      location: null,
      jobTitle: null,
      employeeNumber: null,
      startDate: null,
    });
  });
});
