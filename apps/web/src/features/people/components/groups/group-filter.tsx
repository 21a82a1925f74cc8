import { useAllGroups } from '@/console/api/groups';
import { FilterSelect } from '@/console/components/lists/list-filter';
import { useTranslation } from '@/lib/i18n';

/** The people table's group filter: every group of the organisation, by name. */
export function GroupFilter({ value, onChange }: { value: number | null; onChange: (group: number | null) => void }) {
  const { t } = useTranslation('admin');
  const groups = useAllGroups();
  return (
    <FilterSelect
      label={t('users.filters.group')}
      anyLabel={t('users.filters.any')}
      value={value === null ? '' : String(value)}
      options={(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
      disabled={!groups.data}
      onChange={(group) => onChange(group ? Number(group) : null)}
    />
  );
}
