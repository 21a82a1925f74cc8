/** One choice of a filter: the value the URL keeps and the words shown. */
export type FilterOption = { value: string; label: string };

type FilterSelectProps = {
  label: string;
  /** The empty choice's words: no filter. */
  anyLabel: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
};

/** A list's filter above its table: a labelled select whose first, empty choice means any. */
export function FilterSelect({ label, anyLabel, value, options, onChange, disabled }: FilterSelectProps) {
  return (
    <label className="list-filter">
      <span className="field__label">{label}</span>
      <select
        className="field__input field__select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

type PhoneSortProps<S extends string> = {
  label: string;
  value: S;
  sorts: readonly S[];
  labelOf: (sort: S) => string;
  onSort: (sort: S) => void;
};

/** The list's order as a select, shown on a phone only: there the column headers that sort are hidden. */
export function PhoneSort<S extends string>({ label, value, sorts, labelOf, onSort }: PhoneSortProps<S>) {
  return (
    <label className="list-filter list-filter--phone">
      <span className="field__label">{label}</span>
      <select
        className="field__input field__select"
        value={value}
        onChange={(event) => onSort(sorts.find((sort) => sort === event.currentTarget.value) ?? value)}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {labelOf(sort)}
          </option>
        ))}
      </select>
    </label>
  );
}
