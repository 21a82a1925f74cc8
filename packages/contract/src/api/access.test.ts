import { describe, expect, it } from 'vitest';
import { CAPABILITIES, may, mayChangeItem, mayReadItemStats } from './access.js';

describe('the capability table', () => {
  it('answers for a role and for a signed-in person alike', () => {
    expect(may('ADMIN', 'people.write')).toBe(true);
    expect(may({ role: 'ANALYST' }, 'people.write')).toBe(false);
    expect(may({ role: 'CREATOR' }, 'people.read')).toBe(false);
    expect(CAPABILITIES.console).not.toContain('USER');
  });

  it('lets a CREATOR change and read the figures of their own items only, an ANALYST read any and change none', () => {
    const creator = { role: 'CREATOR', id: 7 } as const;
    expect(mayChangeItem(creator, 7)).toBe(true);
    expect(mayChangeItem(creator, 8)).toBe(false);
    expect(mayReadItemStats(creator, 8)).toBe(false);
    const analyst = { role: 'ANALYST', id: 9 } as const;
    expect(mayChangeItem(analyst, 9)).toBe(false);
    expect(mayReadItemStats(analyst, 8)).toBe(true);
    expect(mayChangeItem({ role: 'ADMIN', id: 1 }, 8)).toBe(true);
  });
});
