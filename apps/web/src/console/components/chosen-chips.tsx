import { type RefObject, useEffect, useRef } from 'react';
import { CloseIcon } from '@/components/icons';
import './picker.css';

type Props = {
  items: { id: number; name: string }[];
  /** The list's accessible name ("Odabrane osobe"). */
  label: string;
  /** A chip's remove button, by the name on it. */
  removeLabel: (name: string) => string;
  /** Said instead of the list when nothing is chosen. */
  empty: string;
  /** Where focus goes once the last chip is removed: the first input inside it (the search). */
  fallback: RefObject<HTMLElement | null>;
  onRemove: (index: number) => void;
  disabled?: boolean;
};

/**
 * What has been chosen, as chips that remove it (the content editor's people, a promotion's organisations).
 * After a removal focus goes to the chip that took its place, else the last one, else the search, so a
 * keyboard user is never left on a button that is gone.
 */
export function ChosenChips({ items, label, removeLabel, empty, fallback, onRemove, disabled = false }: Props) {
  const chipsRef = useRef<HTMLUListElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);
  // Checked after every render: the removal's render is the one with the chip gone.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = chipsRef.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? fallback.current?.querySelector('input'))?.focus();
  });

  if (items.length === 0) return <p className="editor-audience__muted">{empty}</p>;
  return (
    <ul ref={chipsRef} className="editor-audience__chips" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id} className="editor-audience__chip">
          <span>{item.name}</span>
          {disabled ? null : (
            <button
              type="button"
              className="editor-audience__chip-remove"
              aria-label={removeLabel(item.name)}
              onClick={() => {
                focusAfterRemoval.current = index;
                onRemove(index);
              }}
            >
              <CloseIcon />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
