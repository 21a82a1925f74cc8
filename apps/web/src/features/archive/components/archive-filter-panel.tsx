import type { FilterOptions } from '@kanal/contract';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/form/checkbox';
import { formatPeriod } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { ArchiveFilters } from '../api/get-finished';
import { activeFilterCount, EMPTY_FILTERS, FILTER_GROUPS, toggleFilter } from '../lib/archive-filters';
import '@/components/form/form.css';
import './archive-filter-panel.css';

type Props = {
  id: string;
  /** Closed on a phone until its toggle opens it. */
  hidden: boolean;
  options: FilterOptions | undefined;
  filters: ArchiveFilters;
  onChange: (filters: ArchiveFilters) => void;
};

/** Spec point 2: checkbox groups for content type, sender, category and time period. */
export function ArchiveFilterPanel({ id, hidden, options, filters, onChange }: Props) {
  const { t } = useTranslation('archive');
  const language = currentLanguage();

  // Types and periods are named here, in the current language; senders and categories are names already.
  const labelOf = (group: (typeof FILTER_GROUPS)[number], option: { label: string; value: string }) => {
    if (group === 'contentTypes') return t(`contentType.${option.value}`, { ns: 'common', defaultValue: option.label });
    if (group === 'periods') return formatPeriod(option.value, language);
    return option.label;
  };

  return (
    <section id={id} className="filter-panel" hidden={hidden} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('filters.title')}
      </h2>
      {FILTER_GROUPS.map((group) => {
        const groupOptions = options?.[group] ?? [];
        return (
          <fieldset key={group} className="filter-panel__group">
            <legend className="filter-panel__legend">{t(`filters.${group}`)}</legend>
            {groupOptions.length === 0 ? (
              <p className="field__hint">{t('filters.none')}</p>
            ) : (
              groupOptions.map((option) => (
                <Checkbox
                  key={option.value}
                  label={labelOf(group, option)}
                  checked={filters[group].includes(option.value)}
                  onChange={() => onChange(toggleFilter(filters, group, option.value))}
                />
              ))
            )}
          </fieldset>
        );
      })}
      {activeFilterCount(filters) > 0 ? (
        <Button variant="ghost" onClick={() => onChange(EMPTY_FILTERS)}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </section>
  );
}
