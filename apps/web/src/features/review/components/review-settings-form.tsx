import type { ReviewSettings } from '@kanal/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { Checkbox } from '@/components/form/checkbox';
import { ErrorText } from '@/components/form/error-text';
import { useCreatorSearch, useUpdateReviewSettings } from '@/console/api/review';
import { ChosenChips } from '@/console/components/chosen-chips';
import { TableSkeleton } from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import '@/console/components/picker.css';

type Person = { id: number; name: string };

/**
 * The organisation's choice (an admin's): whether its creators' items are reviewed before they are out,
 * and which creators review besides its admins, chosen from a search of its creators.
 */
export function ReviewSettingsForm({ settings }: { settings: ReviewSettings }) {
  const { t } = useTranslation('admin');
  const save = useUpdateReviewSettings();
  const [required, setRequired] = useState(settings.required);
  const [reviewers, setReviewers] = useState<Person[]>(settings.reviewers);
  const [q, setQ] = useState('');
  const [error, setError] = useState<string>();
  const found = useCreatorSearch(q);
  const pickerRef = useRef<HTMLFieldSetElement>(null);
  const headingId = useId();
  const errorId = useId();
  const chosen = new Set(reviewers.map((r) => r.id));
  const results = (found.data?.items ?? []).filter((person) => !chosen.has(person.id));
  const changed =
    required !== settings.required || reviewers.map((r) => r.id).join() !== settings.reviewers.map((r) => r.id).join();

  const submit = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({ required, reviewers: reviewers.map((r) => r.id) });
      showToast(t('review.settings.saved'));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.reason ? caught.reason : errorText(t, caught));
    }
  };

  return (
    <section className="review__settings console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('review.settings.title')}
      </h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Checkbox
          label={t('review.settings.required')}
          checked={required}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        <p className="field__hint">{t('review.settings.requiredHint')}</p>
        <fieldset
          ref={pickerRef}
          className="form__group"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        >
          <legend className="field__label">{t('review.settings.reviewers')}</legend>
          <p className="field__hint">{t('review.settings.reviewersHint')}</p>
          <ChosenChips
            items={reviewers}
            label={t('review.settings.reviewersChosen')}
            removeLabel={(name) => t('review.settings.remove', { name })}
            empty={t('review.settings.reviewersNone')}
            fallback={pickerRef}
            onRemove={(index) => setReviewers(reviewers.filter((_, i) => i !== index))}
          />
          <SearchBox
            label={t('review.settings.search')}
            placeholder={t('review.settings.searchHint')}
            value={q}
            onSearch={setQ}
          />
          {found.isPending ? (
            <TableSkeleton columns={1} rows={3} />
          ) : found.isError ? (
            <ErrorView message={t('review.settings.searchFailed')} onRetry={() => void found.refetch()} />
          ) : results.length === 0 ? (
            <p className="editor-audience__muted">
              {q ? t('review.settings.noMatch') : t('review.settings.noCreators')}
            </p>
          ) : (
            <ul
              className="editor-audience__list"
              aria-label={t('review.settings.results')}
              aria-busy={found.isPlaceholderData || undefined}
            >
              {results.map((person) => (
                <li key={person.id}>
                  <button
                    type="button"
                    className="editor-audience__row"
                    aria-label={t('review.settings.add', { name: person.name })}
                    onClick={() => setReviewers([...reviewers, { id: person.id, name: person.name }])}
                  >
                    <span className="editor-audience__row-name">{person.name}</span>{' '}
                    <span className="editor-audience__row-detail">{person.email ?? person.username}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ErrorText id={errorId}>{error}</ErrorText>
        </fieldset>
        <div className="form__actions">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {t('review.settings.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
