import {
  AUDIENCE_RULES_MAX,
  AudienceReachBodySchema,
  RULE_ATTRIBUTES,
  RULE_CONDITIONS_MAX,
  RULE_OPERATORS,
  type RuleAttribute,
} from '@kanal/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { ErrorText } from '@/components/form/error-text';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import { useFormError } from '@/console/lib/form-errors';
import { useRuleReach } from '../../api/audience';
import { type DraftCondition, type DraftRule, newCondition, newRule, rulesBody } from '../../lib/audience-rule';
import { ConditionValues } from './rule-values';

/** The form's errors under `audience.rules` (content-draft.ts's draftField puts them there). */
export type RuleErrors = ({ message?: string; type?: string; conditions?: (FieldError | undefined)[] } | undefined)[];

/** How long the count waits after the last change before it asks. */
export const REACH_DEBOUNCE_MS = 400;

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = {
  rules: DraftRule[];
  disabled: boolean;
  errors: RuleErrors | undefined;
  onChange: (rules: DraftRule[]) => void;
};

/**
 * The rule builder (issue 31, ADR 0051): rules whose conditions must all hold, any rule admitting a person;
 * each condition an attribute, an operator and its values; and how many the rules reach now.
 */
export function RuleBuilder({ rules, disabled, errors, onChange }: Props) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const setRule = (index: number, rule: DraftRule | null) =>
    onChange(rule ? rules.map((other, at) => (at === index ? rule : other)) : rules.filter((_, at) => at !== index));

  return (
    <div className="editor-audience__rules">
      {rules.map((rule, r) => {
        const ruleError = errors?.[r];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity beyond their place.
          <div key={r} className="editor-audience__rule-wrap">
            {r > 0 ? <p className="editor-audience__or">{t('editorAudience.rule.orRule')}</p> : null}
            <fieldset className="form__group editor-audience__rule">
              <legend className="editor-audience__subtitle">{t('editorAudience.rule.legend', { n: r + 1 })}</legend>
              <ul className="editor-audience__conditions">
                {rule.conditions.map((condition, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity beyond their place.
                  <li key={c} className="editor-audience__condition">
                    {c > 0 ? <span className="editor-audience__and">{t('editorAudience.rule.and')}</span> : null}
                    <ConditionRow
                      condition={condition}
                      number={c + 1}
                      disabled={disabled}
                      error={formError(ruleError?.conditions?.[c])}
                      onChange={(next) =>
                        setRule(r, {
                          conditions: next
                            ? rule.conditions.map((other, at) => (at === c ? next : other))
                            : rule.conditions.filter((_, at) => at !== c),
                        })
                      }
                    />
                  </li>
                ))}
              </ul>
              <ErrorText>{ruleError?.message ? formError(ruleError as FieldError) : null}</ErrorText>
              {disabled ? null : (
                <div className="editor-audience__rule-actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={rule.conditions.length >= RULE_CONDITIONS_MAX}
                    onClick={() => setRule(r, { conditions: [...rule.conditions, newCondition()] })}
                  >
                    {t('editorAudience.rule.addCondition')}
                  </button>
                  <button type="button" className="link" onClick={() => setRule(r, null)}>
                    {t('editorAudience.rule.removeRule', { n: r + 1 })}
                  </button>
                </div>
              )}
            </fieldset>
          </div>
        );
      })}
      {disabled ? null : (
        <button
          type="button"
          className="button button--secondary editor-audience__add-rule"
          disabled={rules.length >= AUDIENCE_RULES_MAX}
          onClick={() => onChange([...rules, newRule()])}
        >
          {rules.length === 0 ? t('editorAudience.rule.addFirst') : t('editorAudience.rule.addRule')}
        </button>
      )}
      <RuleReach rules={rules} />
    </div>
  );
}

/** One condition: the attribute, its operator, its values, and a button that removes it. */
function ConditionRow({
  condition,
  number,
  disabled,
  error,
  onChange,
}: {
  condition: DraftCondition;
  number: number;
  disabled: boolean;
  error: string | undefined;
  onChange: (condition: DraftCondition | null) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const change = (next: Partial<DraftCondition>) => onChange({ ...condition, ...next });
  const described = error ? `${id}-error` : undefined;
  return (
    <div className="editor-audience__condition-row">
      <div className="editor-audience__condition-fields">
        <select
          className="field__input"
          aria-label={t('editorAudience.rule.attribute', { n: number })}
          value={condition.attribute}
          disabled={disabled}
          onChange={(event) => onChange(newCondition(event.currentTarget.value as RuleAttribute))}
        >
          {RULE_ATTRIBUTES.map((attribute) => (
            <option key={attribute} value={attribute}>
              {t(`editorAudience.rule.attributes.${attribute}`)}
            </option>
          ))}
        </select>
        <select
          className="field__input"
          aria-label={t('editorAudience.rule.operator', { n: number })}
          value={condition.operator}
          disabled={disabled || RULE_OPERATORS[condition.attribute].length === 1}
          onChange={(event) => change({ operator: event.currentTarget.value })}
        >
          {RULE_OPERATORS[condition.attribute].map((operator) => (
            <option key={operator} value={operator}>
              {t(`editorAudience.rule.operators.${operator}`)}
            </option>
          ))}
        </select>
        {disabled ? null : (
          <button
            type="button"
            className="link editor-audience__remove-condition"
            onClick={() => onChange(null)}
            aria-label={t('editorAudience.rule.removeCondition', { n: number })}
          >
            {t('editorAudience.rule.remove')}
          </button>
        )}
      </div>
      <ConditionValues
        condition={condition}
        number={number}
        disabled={disabled}
        described={described}
        change={change}
      />
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </div>
  );
}

/** How many the rules reach now: asked once they have stayed the same a moment, and only when complete. */
function RuleReach({ rules }: { rules: DraftRule[] }) {
  const { t, i18n } = useTranslation('admin');
  const settled = useSettled(JSON.stringify(rulesBody(rules)), REACH_DEBOUNCE_MS);
  const parsed = AudienceReachBodySchema.safeParse({ rules: JSON.parse(settled) });
  const reach = useRuleReach(parsed.success ? parsed.data.rules : null);
  const number = (count: number) => new Intl.NumberFormat(i18n.language).format(count);
  let text: ReactNode;
  if (rules.length === 0) text = t('editorAudience.rule.reachNone');
  else if (!parsed.success) text = t('editorAudience.rule.reachIncomplete');
  else if (reach.isError) {
    text = (
      <>
        {t('editorAudience.rule.reachFailed')}{' '}
        <button type="button" className="link editor-audience__retry" onClick={() => void reach.refetch()}>
          {t('retry', { ns: 'common' })}
        </button>
      </>
    );
  } else if (!reach.data || reach.isPlaceholderData) text = t('editorAudience.rule.reachCounting');
  else {
    const { count, sample } = reach.data;
    const names = sample.map((person) => person.name).join(', ');
    text = [
      t('editorAudience.rule.reach', { count, number: number(count) }),
      sample.length > 0
        ? t(count > sample.length ? 'editorAudience.rule.sampleMore' : 'editorAudience.rule.sample', { names })
        : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  return (
    <p className="editor-audience__reach" aria-live="polite" aria-busy={reach.isFetching || undefined}>
      {text}
    </p>
  );
}
