import { MATERIAL_TEXT_MAX_LENGTH } from '@kanal/contract';
import { useId } from 'react';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { ErrorText } from '@/components/form/error-text';
import { useFormError } from '@/console/lib/form-errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../../lib/content-draft';

type Form = UseFormReturn<ContentDraft>;

export function MaterialText({ form }: { form: Form }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const id = useId();
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const { errors } = useFormState({ control: form.control, name: 'text' });
  const error = formError(errors.text);
  const numbers = new Intl.NumberFormat(currentLanguage());
  // Read out only near the limit: at every key it would drown what is being typed.
  const nearLimit = text.length >= MATERIAL_TEXT_MAX_LENGTH * 0.9;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {t('editorMaterial.text.label')}
      </label>
      <textarea
        id={id}
        className="field__input field__textarea editor-material__text"
        rows={8}
        maxLength={MATERIAL_TEXT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        {...form.register('text')}
      />
      <p
        id={`${id}-count`}
        className={nearLimit ? 'field__hint editor-material__count--near' : 'field__hint'}
        aria-live={nearLimit ? 'polite' : 'off'}
      >
        {t('editorMaterial.text.count', {
          length: numbers.format(text.length),
          max: numbers.format(MATERIAL_TEXT_MAX_LENGTH),
        })}
      </p>
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </div>
  );
}
