import type { AudiencePerson } from '@kanal/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, useController, useFormState, useWatch } from 'react-hook-form';
import { ErrorView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { ChosenChips } from '@/console/components/chosen-chips';
import { TableSkeleton } from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { useConsole } from '@/console/lib/console-context';
import { useFormError } from '@/console/lib/form-errors';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';
import { useAudienceGroups, useEveryoneCount, usePeopleSearch } from '../../api/audience';
import { describeDraftRules, newRule } from '../../lib/audience-rule';
import type { ContentDraft, DraftRef } from '../../lib/content-draft';
import type { SectionProps } from '../../lib/editor-section';
import { RuleBuilder, type RuleErrors } from './editor-audience-rule';
import '@/components/form/checkbox.css';
import '@/components/form/form.css';
import '@/console/components/picker.css';
import './editor-audience.css';

type Audience = ContentDraft['audience'];

/** From this many groups on, a filter box stands above their list. */
export const GROUP_FILTER_FROM = 8;

/** A name as a search compares it: lower case, without accents (đ as d, which has no decomposition). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .trim();

/**
 * Enter in a search field of this section searches (or does nothing): it must not submit the editor's
 * form around it, as a text field's Enter otherwise would.
 */
const keepEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type === 'search') {
    event.preventDefault();
  }
};

/**
 * Who receives the item: everyone, or groups and people, with how many that is. A promotion goes to the
 * client organisations it is sent to; an audience here is optional for it, and the section says so.
 */
export function AudienceSection({ form, disabled }: SectionProps) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const { field } = useController({ control: form.control, name: 'audience' });
  const { errors } = useFormState({ control: form.control, name: 'audience' });
  // The contract's rule names the audience as a whole: its message sits at 'audience.root'.
  const error = formError((errors.audience as { root?: FieldError } | undefined)?.root);
  const audience = field.value;
  const promotion = useWatch({ control: form.control, name: 'configuration' }) === 'PROMOTION';
  const everyone = useEveryoneCount();
  const groups = useAudienceGroups();
  const radioName = useId();
  const everyoneId = useId();
  const chosenId = useId();
  const ruleId = useId();
  const errorId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const change = (next: Partial<Audience>) => field.onChange({ ...audience, ...next });
  const byRule = !audience.everyone && audience.byRule === true;
  const rules = audience.rules ?? [];
  const ruleErrors = (errors.audience as { rules?: RuleErrors } | undefined)?.rules;

  // The audience is one field of the form: it counts as visited (and is checked, in the editor's
  // "on touched" mode) once focus leaves the whole section, not each of its controls.
  const { onBlur } = field;
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const left = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && section.contains(event.relatedTarget))) onBlur();
    };
    section.addEventListener('focusout', left);
    return () => section.removeEventListener('focusout', left);
  }, [onBlur]);

  // A refused submission focuses the checked choice (the field's ref), which the error describes.
  const described = (hint: string) => (error ? `${hint} ${errorId}` : hint);
  const memberCounts = groups.data ? new Map(groups.data.map((group) => [group.id, group.memberCount])) : null;

  return (
    <section
      ref={sectionRef}
      className="console-panel content-editor__section editor-audience"
      id="editor-audience"
      aria-labelledby="editor-audience-title"
    >
      <h2 id="editor-audience-title" className="console-panel__title">
        {t('editorAudience.title')}
      </h2>
      {promotion ? <p className="editor-audience__muted">{t('editorAudience.promotionHint')}</p> : null}

      <fieldset className="form__group editor-audience__choice">
        <legend className="editor-audience__legend">{t('editorAudience.choice')}</legend>
        <div className="editor-audience__option">
          <input
            ref={audience.everyone ? field.ref : undefined}
            id={everyoneId}
            type="radio"
            name={radioName}
            className="editor-audience__radio"
            checked={audience.everyone}
            disabled={disabled}
            aria-describedby={described(`${everyoneId}-hint`)}
            onChange={() => change({ everyone: true, byRule: false })}
          />
          <label htmlFor={everyoneId} className="editor-audience__option-label">
            {t('editorAudience.everyone')}
          </label>
          <p id={`${everyoneId}-hint`} className="editor-audience__hint">
            {everyone.isPending ? (
              t('editorAudience.everyoneCounting')
            ) : everyone.isError ? (
              <>
                {t('editorAudience.everyoneCountFailed')}{' '}
                <button type="button" className="link editor-audience__retry" onClick={() => void everyone.refetch()}>
                  {t('retry', { ns: 'common' })}
                </button>
              </>
            ) : (
              t('editorAudience.everyoneNow', { people: t('editorAudience.count.people', { count: everyone.data }) })
            )}
          </p>
        </div>
        <div className="editor-audience__option">
          <input
            ref={audience.everyone || byRule ? undefined : field.ref}
            id={chosenId}
            type="radio"
            name={radioName}
            className="editor-audience__radio"
            checked={!audience.everyone && !byRule}
            disabled={disabled}
            aria-describedby={described(`${chosenId}-hint`)}
            onChange={() => change({ everyone: false, byRule: false })}
          />
          <label htmlFor={chosenId} className="editor-audience__option-label">
            {t('editorAudience.chosen')}
          </label>
          <p id={`${chosenId}-hint`} className="editor-audience__hint">
            {t('editorAudience.chosenHint')}
          </p>
        </div>
        <div className="editor-audience__option">
          <input
            ref={byRule ? field.ref : undefined}
            id={ruleId}
            type="radio"
            name={radioName}
            className="editor-audience__radio"
            checked={byRule}
            disabled={disabled}
            aria-describedby={described(`${ruleId}-hint`)}
            // A first rule to fill in, so the choice shows what it asks for.
            onChange={() => change({ everyone: false, byRule: true, rules: rules.length > 0 ? rules : [newRule()] })}
          />
          <label htmlFor={ruleId} className="editor-audience__option-label">
            {t('editorAudience.byRule')}
          </label>
          <p id={`${ruleId}-hint`} className="editor-audience__hint">
            {t('editorAudience.byRuleHint')}
          </p>
        </div>
      </fieldset>
      <ErrorText id={errorId}>{error}</ErrorText>

      {audience.everyone ? null : byRule ? (
        <RuleBuilder
          rules={rules}
          disabled={disabled}
          errors={ruleErrors}
          onChange={(next) => change({ rules: next })}
        />
      ) : (
        <div className="editor-audience__pickers">
          <GroupPicker chosen={audience.groups} disabled={disabled} onChange={(next) => change({ groups: next })} />
          <PeoplePicker chosen={audience.people} disabled={disabled} onChange={(next) => change({ people: next })} />
        </div>
      )}

      <p className="editor-audience__summary" aria-live="polite">
        {summaryOf(t, audience, promotion, everyone.data, memberCounts)}
      </p>
    </section>
  );
}

/**
 * Who will receive it, in one sentence. Chosen groups are counted by their members, and a person may be
 * in several groups and chosen by name too: the total is an upper bound, and says so.
 */
function summaryOf(
  t: TFunction,
  audience: Audience,
  promotion: boolean,
  everyoneCount: number | undefined,
  memberCounts: ReadonlyMap<number, number> | null,
): string {
  const count = (noun: 'groups' | 'members' | 'people', n: number) => t(`editorAudience.count.${noun}`, { count: n });
  if (audience.everyone) {
    return everyoneCount === undefined
      ? t('editorAudience.summary.everyone')
      : t('editorAudience.summary.everyoneNow', { people: count('people', everyoneCount) });
  }
  if (audience.byRule) {
    const rules = audience.rules ?? [];
    if (rules.length > 0) return t('editorAudience.summary.byRule', { rules: describeDraftRules(t, rules) });
    return promotion ? t('editorAudience.summary.promotionNone') : t('editorAudience.summary.none');
  }
  const groups = audience.groups.length;
  const people = audience.people.length;
  if (groups === 0 && people === 0) {
    return promotion ? t('editorAudience.summary.promotionNone') : t('editorAudience.summary.none');
  }
  const members = memberCounts
    ? audience.groups.reduce((sum, group) => sum + (memberCounts.get(group.id) ?? 0), 0)
    : null;
  const groupsText =
    members === null
      ? count('groups', groups)
      : t('editorAudience.summary.groupsWithMembers', {
          groups: count('groups', groups),
          members: count('members', members),
        });
  const peopleText = count('people', people);
  const who =
    groups > 0 && people > 0
      ? t('editorAudience.summary.and', { first: groupsText, second: peopleText })
      : groups > 0
        ? groupsText
        : peopleText;
  return groups > 0 && members !== null
    ? t('editorAudience.summary.chosenUpTo', { who, total: count('people', members + people) })
    : t('editorAudience.summary.chosen', { who });
}

/** The organisation's groups as checkboxes, each with its member count; a filter when there are many. */
function GroupPicker({
  chosen,
  disabled,
  onChange,
}: {
  chosen: DraftRef[];
  disabled: boolean;
  onChange: (groups: DraftRef[]) => void;
}) {
  const { t } = useTranslation('admin');
  const { canEdit } = useConsole();
  const groups = useAudienceGroups();
  const [filter, setFilter] = useState('');
  const countId = useId();
  const filterId = useId();
  const chosenIds = new Set(chosen.map((group) => group.id));
  const toggle = (group: DraftRef) =>
    onChange(
      chosenIds.has(group.id)
        ? chosen.filter((other) => other.id !== group.id)
        : [...chosen, { id: group.id, name: group.name }],
    );

  const all = groups.data ?? [];
  const wanted = folded(filter);
  const shown = wanted ? all.filter((group) => folded(group.name).includes(wanted)) : all;
  // A chosen group the organisation no longer has (deleted since the item was saved) can still be unticked.
  const known = new Set(all.map((group) => group.id));
  const gone = groups.data ? chosen.filter((group) => !known.has(group.id)) : [];

  const row = (group: DraftRef, detail: string) => (
    <li key={group.id}>
      <label className="editor-audience__row">
        <input
          type="checkbox"
          className="checkbox__input"
          checked={chosenIds.has(group.id)}
          disabled={disabled}
          onChange={() => toggle(group)}
        />
        <span className="editor-audience__row-name">{group.name}</span>{' '}
        <span className="editor-audience__row-detail">{detail}</span>
      </label>
    </li>
  );

  return (
    <fieldset className="form__group editor-audience__part" aria-describedby={countId}>
      <legend className="editor-audience__subtitle">{t('editorAudience.groups.legend')}</legend>
      {groups.isPending ? (
        <TableSkeleton columns={2} rows={3} />
      ) : groups.isError ? (
        <ErrorView message={t('editorAudience.groups.loadFailed')} onRetry={() => void groups.refetch()} />
      ) : all.length === 0 && gone.length === 0 ? (
        <div className="editor-audience__empty">
          <p className="editor-audience__empty-title">{t('editorAudience.groups.empty')}</p>
          <p>{canEdit ? t('editorAudience.groups.emptyCanEdit') : t('editorAudience.groups.emptyText')}</p>
        </div>
      ) : (
        <>
          {all.length >= GROUP_FILTER_FROM ? (
            <div className="field editor-audience__filter">
              <label htmlFor={filterId} className="field__label">
                {t('editorAudience.groups.filter')}
              </label>
              <input
                id={filterId}
                type="search"
                className="field__input"
                value={filter}
                placeholder={t('editorAudience.groups.filterHint')}
                autoComplete="off"
                spellCheck={false}
                onInput={(event) => setFilter(event.currentTarget.value)}
                onKeyDown={keepEnter}
              />
            </div>
          ) : null}
          {shown.length === 0 && gone.length === 0 ? (
            <p className="editor-audience__muted">{t('editorAudience.groups.noMatch')}</p>
          ) : (
            <ul className="editor-audience__list editor-audience__list--groups">
              {shown.map((group) => row(group, t('editorAudience.count.members', { count: group.memberCount })))}
              {gone.map((group) => row(group, t('editorAudience.groups.deleted')))}
            </ul>
          )}
        </>
      )}
      <p id={countId} className="editor-audience__muted">
        {t('editorAudience.groups.chosenCount', { count: chosen.length })}
      </p>
    </fieldset>
  );
}

/** What tells two people of a name apart in the results: their groups. */
const groupsOf = (person: AudiencePerson) => person.groups.map((group) => group.name).join(', ');

/** People found by a search and ticked to add them; the chosen ones as chips that remove them. */
function PeoplePicker({
  chosen,
  disabled,
  onChange,
}: {
  chosen: DraftRef[];
  disabled: boolean;
  onChange: (people: DraftRef[]) => void;
}) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const found = usePeopleSearch(q);
  const pickerRef = useRef<HTMLFieldSetElement>(null);

  const chosenIds = new Set(chosen.map((person) => person.id));
  const toggle = (person: DraftRef) =>
    onChange(
      chosenIds.has(person.id)
        ? chosen.filter((other) => other.id !== person.id)
        : [...chosen, { id: person.id, name: person.name }],
    );
  const results = found.data;
  return (
    <fieldset ref={pickerRef} className="form__group editor-audience__part">
      <legend className="editor-audience__subtitle">{t('editorAudience.people.title')}</legend>
      <ChosenChips
        items={chosen}
        label={t('editorAudience.people.chosen')}
        removeLabel={(name) => t('editorAudience.people.remove', { name })}
        empty={t('editorAudience.people.none')}
        fallback={pickerRef}
        disabled={disabled}
        onRemove={(index) => onChange(chosen.filter((_, at) => at !== index))}
      />

      {disabled ? null : (
        // biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter in the search from submitting the form.
        <div className="editor-audience__search" onKeyDown={keepEnter}>
          <SearchBox
            label={t('editorAudience.people.search')}
            placeholder={t('editorAudience.people.searchHint')}
            value={q}
            onSearch={setQ}
          />
          {q === '' ? null : found.isPending ? (
            <TableSkeleton columns={1} rows={3} />
          ) : found.isError ? (
            <ErrorView message={t('editorAudience.people.loadFailed')} onRetry={() => void found.refetch()} />
          ) : !results || results.items.length === 0 ? (
            <p className="editor-audience__muted">{t('editorAudience.people.noMatch')}</p>
          ) : (
            <fieldset className="form__group editor-audience__results" aria-busy={found.isPlaceholderData || undefined}>
              <legend className="visually-hidden">{t('editorAudience.people.results')}</legend>
              <ul className="editor-audience__list">
                {results.items.map((person) => (
                  <li key={person.id}>
                    <label className="editor-audience__row">
                      <input
                        type="checkbox"
                        className="checkbox__input"
                        checked={chosenIds.has(person.id)}
                        onChange={() => toggle(person)}
                      />
                      <span className="editor-audience__row-name">{person.name}</span>{' '}
                      <span className="editor-audience__row-detail">{groupsOf(person)}</span>
                    </label>
                  </li>
                ))}
              </ul>
              {results.count > results.items.length ? (
                <p className="editor-audience__muted">
                  {t('editorAudience.people.more', { shown: results.items.length, total: results.count })}
                </p>
              ) : null}
            </fieldset>
          )}
        </div>
      )}
    </fieldset>
  );
}
