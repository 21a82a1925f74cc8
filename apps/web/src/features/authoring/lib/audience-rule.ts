import {
  type AudienceRule,
  RULE_OPERATORS,
  type RuleAttribute,
  type RuleCondition,
  type StaffContent,
  TEXT_RULE_ATTRIBUTES,
} from '@kanal/contract';
import { describeRules } from '@/console/lib/audience-words';
import type { TFunction } from '@/lib/i18n';

// An audience by rule as the editor holds it (issue 31, ADR 0051): each condition with every input its
// attribute may show, so switching the attribute keeps nothing wrong in the body (`ruleBody` takes only
// what the attribute uses). A person or group chosen keeps its name for the chips and the summary.

/** A group or person as the editor shows it. */
export type DraftRef = { id: number; name: string };
export type DraftCondition = {
  attribute: RuleAttribute;
  operator: string;
  /** department, location, jobTitle, employeeNumber: the texts, any of which admits. */
  values: string[];
  /** startDate: YYYY-MM-DD as a date input holds it. */
  day: string;
  /** manager and group: whom or which, by name. */
  refs: DraftRef[];
};
export type DraftRule = { conditions: DraftCondition[] };

/** A condition on `attribute` with its first operator and nothing filled in yet. */
export const newCondition = (attribute: RuleAttribute = 'department'): DraftCondition => ({
  attribute,
  operator: RULE_OPERATORS[attribute][0],
  values: [],
  day: '',
  refs: [],
});
export const newRule = (): DraftRule => ({ conditions: [newCondition()] });

export const isTextAttribute = (attribute: RuleAttribute): boolean =>
  (TEXT_RULE_ATTRIBUTES as readonly string[]).includes(attribute) || attribute === 'employeeNumber';

/** The condition as the API's body has it; the contract's schema checks it (an operator the attribute has not, too). */
export function conditionBody(condition: DraftCondition): RuleCondition {
  const { attribute, operator } = condition;
  if (attribute === 'startDate') return { attribute, operator, day: condition.day } as RuleCondition;
  if (attribute === 'manager' || attribute === 'group') {
    return { attribute, operator, ids: condition.refs.map((ref) => ref.id) } as RuleCondition;
  }
  return { attribute, operator, values: condition.values } as RuleCondition;
}

export const rulesBody = (rules: readonly DraftRule[]): AudienceRule[] =>
  rules.map((rule) => ({ conditions: rule.conditions.map(conditionBody) }));

/**
 * An item's rules as the editor starts from them, the groups and people by name. One deleted since is left
 * out as the server leaves it out (it admitted nobody): from its condition, and the rule with its condition
 * if none is left.
 */
export function draftRulesOf(audience: StaffContent['audience']): DraftRule[] {
  const names = new Map<string, string>([
    ...audience.ruleRefs.groups.map((group) => [`group:${group.id}`, group.name] as const),
    ...audience.ruleRefs.people.map((person) => [`manager:${person.id}`, person.name] as const),
  ]);
  return audience.rules.flatMap((rule) => {
    const conditions = rule.conditions.flatMap((condition): DraftCondition[] => {
      const draft = { ...newCondition(condition.attribute), operator: condition.operator };
      if ('day' in condition) return [{ ...draft, day: condition.day }];
      if ('values' in condition) return [{ ...draft, values: condition.values }];
      const refs = condition.ids.flatMap((id) => {
        const name = names.get(`${condition.attribute}:${id}`);
        return name === undefined ? [] : [{ id, name }];
      });
      return refs.length === 0 ? [] : [{ ...draft, refs }];
    });
    return conditions.length === rule.conditions.length ? [{ conditions }] : [];
  });
}

/** The draft's rules in words (the console's describeRules, the chosen groups and managers by name). */
export const describeDraftRules = (t: TFunction, rules: readonly DraftRule[]): string =>
  describeRules(
    t,
    rules.map((rule) => ({
      conditions: rule.conditions.map((condition) => ({ ...condition, names: condition.refs.map((ref) => ref.name) })),
    })),
  );
