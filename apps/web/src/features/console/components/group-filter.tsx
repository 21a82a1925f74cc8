import { useTranslation } from 'react-i18next';
import { useAllGroups } from '../api/groups';

/** The people table's group filter: every group of the organisation, by name. */
export function GroupFilter({ value, onChange }: { value: number | null; onChange: (group: number | null) => void }) {
  const { t } = useTranslation('admin');
  const groups = useAllGroups();
  return (
    <label className="list-filter">
      <span className="field__label">{t('users.filters.group')}</span>
      <select
        className="field__input field__select"
        value={value ?? ''}
        disabled={!groups.data}
        onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      >
        <option value="">{t('users.filters.any')}</option>
        {(groups.data ?? []).map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
    </label>
  );
}
