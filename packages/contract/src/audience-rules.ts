import * as z from 'zod/mini';
import { ATTRIBUTE_MAX_LENGTH } from './constants.js';
import { IdSchema } from './envelope.js';
import { StartDateSchema } from './person-attributes.js';

// An item's audience by rule (issue 31, ADR 0051): beside everyone, groups and people, rules over people's
// attributes and groups. A rule is a list of conditions that must all hold (AND); an audience's rules are
// alternatives (OR), as its groups and people are. A condition names an attribute, an operator and its
// values; several values of one condition are alternatives too ("department is Prodaja or Nabava").

/** How many rules an audience may have, conditions a rule, and values a condition. */
export const AUDIENCE_RULES_MAX = 10;
export const RULE_CONDITIONS_MAX = 10;
export const RULE_VALUES_MAX = 50;

/** The text attributes a rule compares: exactly (`is`) or by a part of the text (`contains`). */
export const TEXT_RULE_ATTRIBUTES = ['department', 'location', 'jobTitle'] as const;
export type TextRuleAttribute = (typeof TEXT_RULE_ATTRIBUTES)[number];

/** What a condition may look at, in the order the editor offers them. */
export const RULE_ATTRIBUTES = [...TEXT_RULE_ATTRIBUTES, 'employeeNumber', 'startDate', 'manager', 'group'] as const;
export type RuleAttribute = (typeof RULE_ATTRIBUTES)[number];

/** The operators of each attribute; the first is the editor's choice for a new condition. */
export const RULE_OPERATORS = {
  department: ['is', 'contains'],
  location: ['is', 'contains'],
  jobTitle: ['is', 'contains'],
  employeeNumber: ['is'],
  startDate: ['after', 'before'],
  manager: ['is'],
  group: ['memberOf'],
} as const satisfies Record<RuleAttribute, readonly string[]>;
export type RuleOperator = (typeof RULE_OPERATORS)[RuleAttribute][number];

const required = { error: 'validation.required' } as const;

const ruleText = z
  .string(required)
  .check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(ATTRIBUTE_MAX_LENGTH, { error: 'validation.attributeTooLong' }),
  );
/**
 * One condition, by its attribute: a text attribute equals one of `values` (`is`, exactly as the people
 * list filters) or contains one of them (`contains`, ignoring case and accents); an employee number is one
 * of `values`; a start date is after or before `day` (that day itself is neither); the manager is one of
 * `ids` (their direct reports); a member of one of the groups `ids`. Built twice: checked for a body, plain
 * for a response (the compiled serialisers take no rewriting checks, ADR 0011).
 */
function conditionSchema(checked: boolean) {
  const text = checked ? ruleText : z.string();
  const day = checked ? StartDateSchema : z.string();
  const id = checked ? IdSchema : z.int();
  const some = <T extends z.ZodMiniType>(item: T) =>
    checked
      ? z.array(item).check(z.minLength(1, required), z.maxLength(RULE_VALUES_MAX, { error: 'validation.tooMany' }))
      : z.array(item);
  return z.discriminatedUnion('attribute', [
    z.object({ attribute: z.enum(TEXT_RULE_ATTRIBUTES), operator: z.enum(['is', 'contains']), values: some(text) }),
    z.object({ attribute: z.literal('employeeNumber'), operator: z.literal('is'), values: some(text) }),
    z.object({ attribute: z.literal('startDate'), operator: z.enum(['after', 'before']), day }),
    z.object({ attribute: z.literal('manager'), operator: z.literal('is'), ids: some(id) }),
    z.object({ attribute: z.literal('group'), operator: z.literal('memberOf'), ids: some(id) }),
  ]);
}

export const RuleConditionSchema = conditionSchema(true);
export type RuleCondition = z.infer<typeof RuleConditionSchema>;

/** A rule: every condition holds. */
export const AudienceRuleSchema = z.object({
  conditions: z
    .array(RuleConditionSchema)
    .check(z.minLength(1, required), z.maxLength(RULE_CONDITIONS_MAX, { error: 'validation.tooMany' })),
});
export type AudienceRule = z.infer<typeof AudienceRuleSchema>;

/** An audience's rules, any of which admits a person. */
export const AudienceRulesSchema = z
  .array(AudienceRuleSchema)
  .check(z.maxLength(AUDIENCE_RULES_MAX, { error: 'validation.tooMany' }));

/** A rule as the server answers it (GET /content/{id}): the same shape, unchecked. */
export const StoredRuleSchema = z.object({
  conditions: z.array(conditionSchema(false)),
});

/** The groups and people an audience's rules name, by id (those of `ids`, still there). */
export const ruleIdsOf = (rules: readonly AudienceRule[]) => {
  const groups = new Set<number>();
  const people = new Set<number>();
  for (const rule of rules) {
    for (const condition of rule.conditions) {
      if (condition.attribute === 'group') for (const id of condition.ids) groups.add(id);
      if (condition.attribute === 'manager') for (const id of condition.ids) people.add(id);
    }
  }
  return { groups: [...groups], people: [...people] };
};

/** POST /audience/reach: how many active people of the organisation some rules reach now. */
export const AudienceReachBodySchema = z.object({
  rules: z
    .array(AudienceRuleSchema)
    .check(z.minLength(1, required), z.maxLength(AUDIENCE_RULES_MAX, { error: 'validation.tooMany' })),
});
export type AudienceReachBody = z.infer<typeof AudienceReachBodySchema>;

/** How many the rules reach, and the first few of them by name. */
export const AUDIENCE_REACH_SAMPLE = 5;
export const AudienceReachSchema = z.object({
  count: z.int(),
  sample: z.array(z.object({ id: z.int(), name: z.string() })),
});
export type AudienceReach = z.infer<typeof AudienceReachSchema>;
