import { type InputHTMLAttributes, type Ref, useId } from 'react';
import './checkbox.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; ref?: Ref<HTMLInputElement> };

export function Checkbox({ label, id, ref, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="checkbox">
      <input ref={ref} id={inputId} type="checkbox" className="checkbox__input" {...input} />
      <label htmlFor={inputId} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
