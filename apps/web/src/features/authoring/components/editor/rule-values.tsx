import { START_DATE_RANGE } from '@kanal/contract';
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { ChosenChips } from '@/console/components/chosen-chips';
import { useTranslation } from '@/lib/i18n';
import { useAttributeSuggestions, useAudienceGroups, usePeopleSearch } from '../../api/audience';
import { type DraftCondition, isTextAttribute } from '../../lib/audience-rule';
import type { DraftRef } from '../../lib/content-draft';

// The values of a rule's condition (editor-audience-rule.tsx), by its attribute.

/** Enter in a value's input adds it (and must not submit the editor's form). */
const onEnter = (add: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  add();
};

/** The values of a condition, by its attribute: texts with suggestions, a day, groups or people. */
export function ConditionValues({
  condition,
  number,
  disabled,
  described,
  change,
}: {
  condition: DraftCondition;
  number: number;
  disabled: boolean;
  described: string | undefined;
  change: (next: Partial<DraftCondition>) => void;
}) {
  const { t } = useTranslation('admin');
  const label = t('editorAudience.rule.value', { n: number });
  if (condition.attribute === 'startDate') {
    return (
      <input
        type="date"
        className="field__input editor-audience__day"
        aria-label={label}
        aria-describedby={described}
        value={condition.day}
        min={START_DATE_RANGE.min}
        max={START_DATE_RANGE.max}
        disabled={disabled}
        onChange={(event) => change({ day: event.currentTarget.value })}
      />
    );
  }
  if (condition.attribute === 'group') {
    return (
      <GroupValues condition={condition} label={label} disabled={disabled} described={described} change={change} />
    );
  }
  if (condition.attribute === 'manager') {
    return (
      <PersonValues condition={condition} label={label} disabled={disabled} described={described} change={change} />
    );
  }
  if (isTextAttribute(condition.attribute)) {
    return <TextValues condition={condition} label={label} disabled={disabled} described={described} change={change} />;
  }
  return null;
}

type ValuesProps = {
  condition: DraftCondition;
  label: string;
  disabled: boolean;
  described: string | undefined;
  change: (next: Partial<DraftCondition>) => void;
};

/** Texts, any of which admits: typed or picked from the values in use, each a chip. */
function TextValues({ condition, label, disabled, described, change }: ValuesProps) {
  const { t } = useTranslation('admin');
  const suggestions = useAttributeSuggestions();
  const [text, setText] = useState('');
  const listId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const inUse =
    condition.attribute === 'department'
      ? suggestions.data?.departments
      : condition.attribute === 'location'
        ? suggestions.data?.locations
        : condition.attribute === 'jobTitle'
          ? suggestions.data?.jobTitles
          : undefined;
  const add = () => {
    const value = text.trim();
    if (value && !condition.values.includes(value)) change({ values: [...condition.values, value] });
    setText('');
  };
  return (
    <div ref={boxRef} className="editor-audience__values">
      <ChosenChips
        items={condition.values.map((value, index) => ({ id: index, name: value }))}
        label={t('editorAudience.rule.values')}
        removeLabel={(name) => t('editorAudience.rule.removeValue', { name })}
        empty={t('editorAudience.rule.noValues')}
        fallback={boxRef}
        disabled={disabled}
        onRemove={(index) => change({ values: condition.values.filter((_, at) => at !== index) })}
      />
      {disabled ? null : (
        <div className="editor-audience__value-input">
          <input
            className="field__input"
            aria-label={label}
            aria-describedby={described}
            list={inUse ? listId : undefined}
            value={text}
            autoComplete="off"
            placeholder={t(
              condition.operator === 'contains' ? 'editorAudience.rule.partHint' : 'editorAudience.rule.valueHint',
            )}
            onInput={(event) => setText(event.currentTarget.value)}
            onKeyDown={onEnter(add)}
          />
          {inUse ? (
            <datalist id={listId}>
              {inUse.map((option) => (
                <option key={option.value} value={option.value}>
                  {t('editorAudience.count.people', { count: option.count })}
                </option>
              ))}
            </datalist>
          ) : null}
          <button type="button" className="button button--secondary" onClick={add}>
            {t('editorAudience.rule.addValue')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The groups or managers a condition names, each with its remove button. */
function ChosenRefs({
  condition,
  empty,
  fallback,
  disabled,
  change,
}: Pick<ValuesProps, 'condition' | 'disabled' | 'change'> & {
  empty: string;
  fallback: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('admin');
  return (
    <ChosenChips
      items={condition.refs}
      label={t('editorAudience.rule.values')}
      removeLabel={(name) => t('editorAudience.rule.removeValue', { name })}
      empty={empty}
      fallback={fallback}
      disabled={disabled}
      onRemove={(index) => change({ refs: condition.refs.filter((_, at) => at !== index) })}
    />
  );
}

/** Groups, any of which admits its members: picked from the organisation's. */
function GroupValues({ condition, label, disabled, described, change }: ValuesProps) {
  const { t } = useTranslation('admin');
  const groups = useAudienceGroups();
  const boxRef = useRef<HTMLDivElement>(null);
  const chosen = new Set(condition.refs.map((ref) => ref.id));
  const left = (groups.data ?? []).filter((group) => !chosen.has(group.id));
  return (
    <div ref={boxRef} className="editor-audience__values">
      <ChosenRefs
        condition={condition}
        empty={t('editorAudience.rule.noGroups')}
        fallback={boxRef}
        disabled={disabled}
        change={change}
      />
      {disabled ? null : (
        <select
          className="field__input"
          aria-label={label}
          aria-describedby={described}
          value=""
          onChange={(event) => {
            const group = left.find((other) => String(other.id) === event.currentTarget.value);
            if (group) change({ refs: [...condition.refs, { id: group.id, name: group.name }] });
          }}
        >
          <option value="">
            {groups.isError ? t('editorAudience.groups.loadFailed') : t('editorAudience.rule.pickGroup')}
          </option>
          {left.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/** Managers, any of whom admits their direct reports: found by name. */
function PersonValues({ condition, label, disabled, described, change }: ValuesProps) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const found = usePeopleSearch(q.trim());
  const boxRef = useRef<HTMLDivElement>(null);
  const chosen = new Set(condition.refs.map((ref) => ref.id));
  const add = (person: DraftRef) => {
    if (!chosen.has(person.id)) change({ refs: [...condition.refs, { id: person.id, name: person.name }] });
    setQ('');
  };
  return (
    <div ref={boxRef} className="editor-audience__values">
      <ChosenRefs
        condition={condition}
        empty={t('editorAudience.rule.noManagers')}
        fallback={boxRef}
        disabled={disabled}
        change={change}
      />
      {disabled ? null : (
        <>
          <input
            type="search"
            className="field__input"
            aria-label={label}
            aria-describedby={described}
            value={q}
            autoComplete="off"
            placeholder={t('editorAudience.rule.managerHint')}
            onInput={(event) => setQ(event.currentTarget.value)}
            onKeyDown={onEnter(() => undefined)}
          />
          {q.trim() === '' ? null : found.isError ? (
            <p className="editor-audience__muted">{t('editorAudience.people.loadFailed')}</p>
          ) : found.data && found.data.items.length === 0 ? (
            <p className="editor-audience__muted">{t('editorAudience.people.noMatch')}</p>
          ) : (
            <ul className="editor-audience__found">
              {(found.data?.items ?? []).map((person) => (
                <li key={person.id}>
                  <button type="button" className="link" disabled={chosen.has(person.id)} onClick={() => add(person)}>
                    {t('editorAudience.rule.pickManager', { name: person.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
