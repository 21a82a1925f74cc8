import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import './copy-value.css';

type Props = {
  /** Names the value (the group's legend). */
  label: string;
  value: string;
  /** Where the value goes, in a sentence. */
  hint?: string;
  copyLabel: string;
  /** What the copy button is described by beside its name (a warning about the value). */
  describedBy?: string;
  /** The copy button takes the focus when this is shown (what had it is gone). */
  focusCopy?: boolean;
};

/**
 * A value the admin pastes elsewhere (an address to register at a provider, a token for a directory), as text that wraps (a phone shows all of it) with a button that copies it and
 * says so beside it: a toast would not be heard from inside a dialog, whose page behind is inert.
 */
export function CopyValue({ label, value, hint, copyLabel, describedBy, focusCopy = false }: Props) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusCopy) actions.current?.querySelector('button')?.focus();
  }, [focusCopy]);
  const copy = async () => {
    setCopied(null);
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard outside a secure context, or permission refused: one click selects the value instead.
      setCopied('failed');
    }
  };
  return (
    <fieldset className="form__group copy-value">
      <legend className="field__label">{label}</legend>
      <code className="copy-value__value">{value}</code>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <div ref={actions} className="copy-value__actions">
        <Button variant="secondary" aria-describedby={describedBy} onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <p className="copy-value__done" role="status">
          {copied === 'yes' ? t('console.copied') : ''}
        </p>
      </div>
      <ErrorText alert>{copied === 'failed' ? t('console.copyFailed') : undefined}</ErrorText>
    </fieldset>
  );
}
