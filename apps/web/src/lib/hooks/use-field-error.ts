import { MESSAGE_PARAMS } from '@kanal/contract';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';

/** Field errors carry the contract's message keys ('validation.required'); this turns them into text. */
export function useFieldError() {
  const { t } = useTranslation('common');
  return (error: FieldError | undefined): string | undefined =>
    error?.message ? t(error.message, { ...MESSAGE_PARAMS, defaultValue: t('validation.invalid') }) : undefined;
}
