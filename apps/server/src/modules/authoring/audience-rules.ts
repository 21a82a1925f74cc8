import {
  AUDIENCE_REACH_SAMPLE,
  type AudienceReach,
  type AudienceReachBody,
  type AudienceRule,
  type RuleCondition,
  ruleIdsOf,
  type StaffContent,
} from '@kanal/contract';
import { notFound } from '../../lib/app-error.js';
import type { AuthoringRepository } from './authoring.repository.js';

type Scope = { tenantId: number };

/**
 * An item's audience by rule, as the staff write it (issue 31, ADR 0051): the groups and managers a rule
 * names must be the organisation's (another's, or none, answers 404, as any object of another tenant
 * does), and POST /audience/reach counts whom a rule being written reaches.
 */
export const createAudienceRules = ({ repo }: { repo: Pick<AuthoringRepository, 'strangers' | 'reach'> }) => {
  async function assertRuleRefs(tenantId: number, rules: readonly AudienceRule[]) {
    const named = ruleIdsOf(rules);
    if (named.groups.length === 0 && named.people.length === 0) return;
    const strangers = await repo.strangers(tenantId, named.groups, named.people);
    if (strangers.groups.length > 0 || strangers.people.length > 0) throw notFound();
  }

  return {
    assertRuleRefs,

    /** How many active people the rules reach now, and the first few by name. */
    async reach(author: Scope, { rules }: AudienceReachBody): Promise<AudienceReach> {
      await assertRuleRefs(author.tenantId, rules);
      return repo.reach(author.tenantId, rules, AUDIENCE_REACH_SAMPLE);
    },
  };
};

/**
 * An item's rules without the groups and managers deleted since (a copy's): an id no longer there admits
 * nobody, so it goes from its condition, and a rule one of whose conditions is left with none goes too
 * (it admitted nobody). Whom the rules admit stays the same.
 */
export function withoutGone(audience: StaffContent['audience']): AudienceRule[] {
  const groups = new Set(audience.ruleRefs.groups.map((group) => group.id));
  const people = new Set(audience.ruleRefs.people.map((person) => person.id));
  const kept = (condition: RuleCondition): RuleCondition | null => {
    if (condition.attribute === 'group') {
      const ids = condition.ids.filter((id) => groups.has(id));
      return ids.length === 0 ? null : { ...condition, ids };
    }
    if (condition.attribute === 'manager') {
      const ids = condition.ids.filter((id) => people.has(id));
      return ids.length === 0 ? null : { ...condition, ids };
    }
    return condition;
  };
  return audience.rules.flatMap((rule) => {
    const conditions = rule.conditions.flatMap((condition) => kept(condition) ?? []);
    return conditions.length === rule.conditions.length ? [{ conditions }] : [];
  });
}
