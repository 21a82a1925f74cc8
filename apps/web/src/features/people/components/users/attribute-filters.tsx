import type { AttributeValue, FilterAttribute } from '@kanal/contract';
import { Button } from '@/components/button';
import { CloseIcon } from '@/components/icons';
import { FilterSelect } from '@/console/components/lists/list-filter';
import { useTranslation } from '@/lib/i18n';
import { useAttributeValues } from '../../api/attributes';
import { useUser } from '../../api/users';
import './attribute-filters.css';

/** The values of GET /user/attributes by the filter they feed. */
const VALUES_OF = { department: 'departments', location: 'locations', jobTitle: 'jobTitles' } as const;

type Props = {
  /** Each attribute's chosen value; '' for any. */
  value: Record<FilterAttribute, string>;
  onChange: (attribute: FilterAttribute, value: string) => void;
};

/**
 * The people table's filters by department, location and job title: the values the organisation's people
 * have, each with how many. An attribute nobody has yet has no filter; a value the URL names that nobody
 * has any more is still shown, so it can be seen and cleared.
 */
export function AttributeFilters({ value, onChange }: Props) {
  const { t } = useTranslation('admin');
  const values = useAttributeValues();
  return (
    <>
      {(['department', 'location', 'jobTitle'] as const).map((attribute) => {
        const inUse: AttributeValue[] = values.data?.[VALUES_OF[attribute]] ?? [];
        const chosen = value[attribute];
        if (values.data && inUse.length === 0 && chosen === '') return null;
        const options = inUse.map((option) => ({
          value: option.value,
          label: t('users.filters.valueCount', { value: option.value, count: option.count }),
        }));
        if (chosen !== '' && !inUse.some((option) => option.value === chosen)) {
          options.push({ value: chosen, label: chosen });
        }
        return (
          <FilterSelect
            key={attribute}
            label={t(`users.filters.${attribute}`)}
            anyLabel={values.isError ? t('users.filters.loadFailed') : t('users.filters.any')}
            value={chosen}
            options={options}
            disabled={!values.data && chosen === ''}
            onChange={(next) => onChange(attribute, next)}
          />
        );
      })}
    </>
  );
}

/** The filter "reporting to" a person (from their page), named, with a button that takes it off. */
export function ManagerFilter({ id, onClear }: { id: number; onClear: () => void }) {
  const { t } = useTranslation('admin');
  const manager = useUser(id);
  const name = manager.data?.name;
  return (
    <p className="users-filter-chip">
      <span>{name ? t('users.filters.manager', { name }) : t('users.filters.managerLoading')}</span>
      <Button
        variant="ghost"
        className="users-filter-chip__clear"
        aria-label={t('users.filters.clearManager', { name: name ?? '' })}
        onClick={onClear}
      >
        <CloseIcon />
      </Button>
    </p>
  );
}
