import { type ReactNode, useId } from 'react';
import '../button.css';
import './file-button.css';

type Props = {
  label: string;
  accept: string;
  /** What may be chosen (types, limits), read with the input. */
  hint: ReactNode;
  disabled?: boolean;
  onFile: (file: File) => void;
};

/**
 * Picks one file. The input is the browser's own, so it is labelled and reachable by keyboard; its
 * label is drawn as the button, because the browser's button speaks the browser's language.
 */
export function FileButton({ label, accept, hint, disabled, onFile }: Props) {
  const id = useId();
  return (
    <div className="file-button">
      <input
        id={id}
        type="file"
        accept={accept}
        className="file-button__input visually-hidden"
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          // Emptied, so choosing the same file again (once it is fixed) is a change as well.
          event.currentTarget.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      <label htmlFor={id} className="button button--secondary file-button__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
