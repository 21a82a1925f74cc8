import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { EyeIcon, EyeOffIcon } from '../icons';
import { TextField, type TextFieldProps } from './text-field';

export function PasswordField({ id, ...props }: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <TextField
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-controls={inputId}
          aria-label={visible ? t('password.hide') : t('password.show')}
          title={visible ? t('password.hide') : t('password.show')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
