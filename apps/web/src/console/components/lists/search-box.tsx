import { useEffect, useId, useState } from 'react';
import '@/components/form/form.css';
import './search-box.css';

/** How long typing may pause before the list follows. */
const SEARCH_DELAY_MS = 300;

/**
 * A search field that asks for the list as the person types (after a short pause) and at once on
 * Enter. `value` is the search the list shows; the field follows it when it changes from outside
 * (Back, "clear filters").
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <search className="search-box">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
      />
    </search>
  );
}
