import type { AudienceRule, RuleCondition, TextRuleAttribute } from '@kanal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { contentAudienceRule } from './schema/index.js';

// Audiences by rule (issue 31, ADR 0051), read by the modules that follow an item's audience: the inbox
// (who gets the item), authoring (how many a rule reaches) and the item statistics. A rule becomes a
// predicate over one app_user row: column names come from this file only, every value is a parameter.

const LIKE_SPECIAL = /[\\%_]/g;

const TEXT_COLUMNS: Record<TextRuleAttribute, string> = {
  department: 'department',
  location: 'location',
  jobTitle: 'job_title',
};

/** One condition over the person `u` (an alias of app_user); an unknown one (a rule from a later version) holds for nobody. */
function conditionSql(u: SQL, condition: RuleCondition): SQL {
  switch (condition.attribute) {
    case 'department':
    case 'location':
    case 'jobTitle': {
      const column = sql`${u}.${sql.identifier(TEXT_COLUMNS[condition.attribute])}`;
      if (condition.operator === 'is') return sql`${column} = ANY(${sql.param(condition.values)}::text[])`;
      // Folded as the admin search folds (any case, any accents); the pattern is the parameter's, escaped.
      const parts = condition.values.map(
        (value) =>
          sql`kanal_fold(${column}) LIKE '%' || kanal_fold(${value.replace(LIKE_SPECIAL, '\\$&')}::text) || '%'`,
      );
      return sql`(${sql.join(parts, sql` OR `)})`;
    }
    case 'employeeNumber':
      return sql`${u}.employee_number = ANY(${sql.param(condition.values)}::text[])`;
    case 'startDate':
      return condition.operator === 'after'
        ? sql`${u}.start_date > ${condition.day}::date`
        : sql`${u}.start_date < ${condition.day}::date`;
    case 'manager':
      return sql`${u}.manager_id = ANY(${sql.param(condition.ids)}::int[])`;
    case 'group':
      return sql`EXISTS (SELECT 1 FROM group_member rgm WHERE rgm.tenant_id = ${u}.tenant_id
        AND rgm.user_id = ${u}.id AND rgm.group_id = ANY(${sql.param(condition.ids)}::int[]))`;
    default:
      return sql`false`;
  }
}

/**
 * Whether the person `u` is admitted by any of the rules (each rule: all its conditions). A person without
 * the attribute (no department, no start date) meets none of its conditions. No rules admit nobody.
 */
export function rulesSql(u: SQL, rules: readonly AudienceRule[]): SQL {
  const admitted = rules
    .filter((rule) => rule.conditions.length > 0)
    .map(
      (rule) =>
        sql`(${sql.join(
          rule.conditions.map((condition) => conditionSql(u, condition)),
          sql` AND `,
        )})`,
    );
  return admitted.length === 0 ? sql`false` : sql`(${sql.join(admitted, sql` OR `)})`;
}

/** The active people of a tenant the rules admit, as a query of their ids (`id`). */
export const ruledPeople = (tenantId: number, rules: readonly AudienceRule[]): SQL => sql`
  SELECT u.id FROM app_user u WHERE u.tenant_id = ${tenantId} AND u.active AND ${rulesSql(sql`u`, rules)}`;

/** An item's rules (none: an empty list). */
export async function rulesOfItem(db: DbOrTx, tenantId: number, contentId: number): Promise<AudienceRule[]> {
  const [row] = await db
    .select({ rules: contentAudienceRule.rules })
    .from(contentAudienceRule)
    .where(and(eq(contentAudienceRule.tenantId, tenantId), eq(contentAudienceRule.contentId, contentId)));
  return row?.rules ?? [];
}
