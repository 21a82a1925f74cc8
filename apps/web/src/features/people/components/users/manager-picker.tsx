import type { AdminUser } from '@kanal/contract';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { ErrorView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { ChosenChips } from '@/console/components/chosen-chips';
import { TableSkeleton } from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { useTranslation } from '@/lib/i18n';
import { useManagerSearch } from '../../api/users';
import '@/console/components/picker.css';

/** A person's manager as the form holds it: their id, and their name for the chip. */
export type ManagerChoice = { id: number; name: string };

/** Enter in the search searches: it must not submit the person's form around it. */
const keepEnter = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type === 'search') {
    event.preventDefault();
  }
};

/** What tells two people of a name apart in the results: their job title and how they sign in. */
const detailOf = (person: AdminUser) => [person.jobTitle, person.email ?? person.username].filter(Boolean).join(' · ');

type Props = {
  value: ManagerChoice | null;
  onChange: (manager: ManagerChoice | null) => void;
  /** The person being edited, who is not offered as their own manager. */
  personId?: number | undefined;
  disabled: boolean;
  error?: string | undefined;
};

/**
 * A person's manager: the chosen one as a chip that removes them, and a search of the organisation's
 * people to choose another (the console's picker, for one person). Someone below the person is refused
 * by the server, whose message shows here.
 */
export function ManagerPicker({ value, onChange, personId, disabled, error }: Props) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const found = useManagerSearch(q);
  const pickerRef = useRef<HTMLFieldSetElement>(null);
  const errorId = useId();
  const results = (found.data?.items ?? []).filter((person) => person.id !== personId);
  const choose = (person: AdminUser) => {
    onChange({ id: person.id, name: person.name });
    setQ('');
    // The results go with the search; focus stays in the picker, on its search.
    pickerRef.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  };

  return (
    <fieldset
      ref={pickerRef}
      className="form__group manager-picker"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{t('users.form.manager')}</legend>
      <ChosenChips
        items={value ? [value] : []}
        label={t('users.form.managerChosen')}
        removeLabel={(name) => t('users.form.managerRemove', { name })}
        empty={t('users.form.managerNone')}
        fallback={pickerRef}
        disabled={disabled}
        onRemove={() => onChange(null)}
      />
      {disabled ? null : (
        // biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter in the search from submitting the form.
        <div className="manager-picker__search" onKeyDown={keepEnter}>
          <SearchBox
            label={t('users.form.managerSearch')}
            placeholder={t('users.form.managerSearchHint')}
            value={q}
            onSearch={setQ}
          />
          {q === '' ? null : found.isPending ? (
            <TableSkeleton columns={1} rows={3} />
          ) : found.isError ? (
            <ErrorView message={t('users.form.managerLoadFailed')} onRetry={() => void found.refetch()} />
          ) : results.length === 0 ? (
            <p className="editor-audience__muted">{t('users.form.managerNoMatch')}</p>
          ) : (
            <>
              <ul
                className="editor-audience__list"
                aria-label={t('users.form.managerResults')}
                aria-busy={found.isPlaceholderData || undefined}
              >
                {results.map((person) => (
                  <li key={person.id}>
                    <button
                      type="button"
                      className="editor-audience__row manager-picker__option"
                      onClick={() => choose(person)}
                    >
                      <span className="editor-audience__row-name">{person.name}</span>{' '}
                      <span className="editor-audience__row-detail">{detailOf(person)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {found.data && found.data.count > found.data.items.length ? (
                <p className="editor-audience__muted">
                  {t('users.form.managerMore', { shown: found.data.items.length, total: found.data.count })}
                </p>
              ) : null}
            </>
          )}
        </div>
      )}
      <ErrorText id={errorId}>{error}</ErrorText>
    </fieldset>
  );
}
