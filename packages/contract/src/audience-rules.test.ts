import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_RULES_MAX,
  AudienceReachBodySchema,
  AudienceRulesSchema,
  RULE_CONDITIONS_MAX,
  RULE_VALUES_MAX,
  ruleIdsOf,
} from './audience-rules.js';
import { ContentBodySchema } from './authoring.js';
import { ATTRIBUTE_MAX_LENGTH } from './constants.js';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const rule = (...conditions: unknown[]) => ({ conditions });

describe("an audience's rules", () => {
  it('takes every attribute with its operators, the texts trimmed', () => {
    const rules = [
      rule(
        { attribute: 'department', operator: 'is', values: [' Prodaja ', 'Nabava'] },
        { attribute: 'location', operator: 'contains', values: ['zagreb'] },
      ),
      rule(
        { attribute: 'jobTitle', operator: 'contains', values: ['voditelj'] },
        { attribute: 'employeeNumber', operator: 'is', values: ['E-7'] },
        { attribute: 'startDate', operator: 'after', day: '2026-09-01' },
        { attribute: 'manager', operator: 'is', ids: [4] },
        { attribute: 'group', operator: 'memberOf', ids: [2, 3] },
      ),
    ];
    const parsed = AudienceRulesSchema.parse(rules);
    for (const day of ['2000-02-29', '2024-02-29', '1999-12-31', '2099-12-31']) {
      expect(AudienceRulesSchema.safeParse([rule({ attribute: 'startDate', operator: 'after', day })]).success).toBe(
        true,
      );
    }
    expect(parsed[0]?.conditions[0]).toEqual({
      attribute: 'department',
      operator: 'is',
      values: ['Prodaja', 'Nabava'],
    });
    expect(ruleIdsOf(parsed)).toEqual({ groups: [2, 3], people: [4] });
  });

  it.each([
    [rule({ attribute: 'salary', operator: 'is', values: ['1'] }), '0.conditions.0.attribute'],
    [rule({ attribute: 'department', operator: 'after', values: ['x'] }), '0.conditions.0.operator'],
    [rule({ attribute: 'employeeNumber', operator: 'contains', values: ['1'] }), '0.conditions.0.operator'],
    [rule({ attribute: 'group', operator: 'is', ids: [1] }), '0.conditions.0.operator'],
    [rule({ attribute: 'department', operator: 'is', values: [] }), '0.conditions.0.values'],
    [rule({ attribute: 'department', operator: 'is', values: ['  '] }), '0.conditions.0.values.0'],
    [rule({ attribute: 'startDate', operator: 'before', day: '2026-02-30' }), '0.conditions.0.day'],
    [rule({ attribute: 'startDate', operator: 'before', day: '1900-02-29' }), '0.conditions.0.day'],
    [rule({ attribute: 'startDate', operator: 'before', day: '0000-01-01' }), '0.conditions.0.day'],
    [rule({ attribute: 'manager', operator: 'is', ids: [0] }), '0.conditions.0.ids.0'],
    [rule(), '0.conditions'],
  ])('refuses %j naming %s', (bad, path) => {
    expect(issuesOf(AudienceRulesSchema.safeParse([bad]))?.[0]?.path).toBe(path);
  });

  it('bounds the rules, their conditions, their values and their texts', () => {
    const condition = { attribute: 'department', operator: 'is', values: ['Prodaja'] };
    const tooMany = (path: string, rules: unknown) =>
      expect(issuesOf(AudienceRulesSchema.safeParse(rules))).toContainEqual({ path, message: 'validation.tooMany' });
    tooMany(
      '',
      Array.from({ length: AUDIENCE_RULES_MAX + 1 }, () => rule(condition)),
    );
    tooMany('0.conditions', [rule(...Array.from({ length: RULE_CONDITIONS_MAX + 1 }, () => condition))]);
    tooMany('0.conditions.0.values', [
      rule({ ...condition, values: Array.from({ length: RULE_VALUES_MAX + 1 }, (_, i) => `D${i}`) }),
    ]);
    expect(
      issuesOf(AudienceRulesSchema.safeParse([rule({ ...condition, values: ['x'.repeat(ATTRIBUTE_MAX_LENGTH + 1)] })])),
    ).toEqual([{ path: '0.conditions.0.values.0', message: 'validation.attributeTooLong' }]);
    expect(AudienceReachBodySchema.safeParse({ rules: [] }).success).toBe(false);
  });

  it('is an audience of a published item on its own', () => {
    const body = {
      type: 'INFORMATION',
      name: 'Novo',
      publish: { mode: 'now', at: null },
      audience: { rules: [rule({ attribute: 'location', operator: 'is', values: ['Zagreb'] })] },
    };
    expect(ContentBodySchema.safeParse(body).success).toBe(true);
    expect(issuesOf(ContentBodySchema.safeParse({ ...body, audience: {} }))).toEqual([
      { path: 'audience', message: 'validation.audienceEmpty' },
    ]);
  });
});
