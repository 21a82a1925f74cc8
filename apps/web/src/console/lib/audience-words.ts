import type { RuleAttribute, StaffContent } from '@kanal/contract';
import { formatDay } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';

// An item's audience in words (issue 31), wherever the console shows it: the editor's summary and the
// item's statistics. The texts are the admin namespace's editorAudience.*.

/** A condition as words need it: the chosen groups and managers by name. */
export type WordCondition = {
  attribute: RuleAttribute;
  operator: string;
  values?: string[];
  day?: string;
  names?: string[];
};

/** A condition in words: "department is Prodaja or Nabava", "started after 01.09.2026.". */
export function describeCondition(t: TFunction, condition: WordCondition): string {
  const either = (items: string[]) => items.join(t('editorAudience.rule.words.or'));
  const attribute = t(`editorAudience.rule.words.${condition.attribute}`);
  switch (condition.attribute) {
    case 'startDate':
      return t(`editorAudience.rule.words.${condition.operator === 'before' ? 'startedBefore' : 'startedAfter'}`, {
        day: condition.day ? formatDay(condition.day) : '…',
      });
    case 'manager':
    case 'group':
      return `${attribute} ${either(condition.names ?? []) || '…'}`;
    default: {
      const values = condition.values?.length ? condition.values : ['…'];
      return condition.operator === 'contains'
        ? t('editorAudience.rule.words.contains', {
            attribute,
            values: either(values.map((item) => t('editorAudience.rule.words.quoted', { item }))),
          })
        : t('editorAudience.rule.words.is', { attribute, values: either(values) });
    }
  }
}

/**
 * Rules in words: conditions joined by "and", rules by "or". Without a last full stop (a date's, 01.09.2026.):
 * the sentence around it has its own.
 */
export const describeRules = (t: TFunction, rules: readonly { conditions: WordCondition[] }[]): string =>
  rules
    .map((rule) =>
      rule.conditions.map((condition) => describeCondition(t, condition)).join(t('editorAudience.rule.words.and')),
    )
    .join(t('editorAudience.rule.words.orRule'))
    .replace(/\.$/, '');

/** A saved item's audience in one sentence: everyone, its groups and people by name, or its rules. */
export function describeAudience(t: TFunction, audience: StaffContent['audience']): string {
  if (audience.everyone) return t('editorAudience.summary.everyone');
  const names = new Map<string, string>([
    ...audience.ruleRefs.groups.map((group) => [`group:${group.id}`, group.name] as const),
    ...audience.ruleRefs.people.map((person) => [`manager:${person.id}`, person.name] as const),
  ]);
  // A group or manager deleted since admits nobody: its name is gone, and so is the rule that needed it.
  const rules = audience.rules.flatMap((rule) => {
    const conditions = rule.conditions.map(
      (condition): WordCondition =>
        'ids' in condition
          ? { ...condition, names: condition.ids.flatMap((id) => names.get(`${condition.attribute}:${id}`) ?? []) }
          : condition,
    );
    return conditions.every((condition) => condition.names?.length !== 0) ? [{ conditions }] : [];
  });
  const list = (items: { name: string }[]) => items.map((item) => item.name).join(', ');
  const chosen = [
    audience.groups.length > 0 ? t('editorAudience.summary.groupNames', { names: list(audience.groups) }) : '',
    audience.people.length > 0 ? t('editorAudience.summary.peopleNames', { names: list(audience.people) }) : '',
  ].filter(Boolean);
  const who =
    chosen.length === 2 ? t('editorAudience.summary.and', { first: chosen[0], second: chosen[1] }) : chosen[0];
  if (rules.length > 0) {
    const byRule = t('editorAudience.summary.byRule', { rules: describeRules(t, rules) });
    return who ? `${byRule} ${t('editorAudience.summary.alsoChosen', { who })}` : byRule;
  }
  return who ? t('editorAudience.summary.chosen', { who }) : t('editorAudience.summary.none');
}
