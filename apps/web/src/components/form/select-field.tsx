import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { ErrorText } from './error-text';
import './form.css';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** A labelled native select: the phone's own picker, and keyboard use for free. */
export function SelectField({ label, error, id, className, ref, children, ...select }: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      <ErrorText id={errorId}>{error}</ErrorText>
    </div>
  );
}
