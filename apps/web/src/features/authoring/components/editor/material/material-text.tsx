import { MATERIAL_TEXT_MAX_LENGTH, readRichDoc } from '@kanal/contract';
import { lazy, Suspense, useId } from 'react';
import { type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { Spinner } from '@/components/feedback/spinner';
import { ErrorText } from '@/components/form/error-text';
import { useFormError } from '@/console/lib/form-errors';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../../lib/content-draft';

// The editor (Tiptap and ProseMirror, about 100 KB gzipped) comes with the first editor opened, not with
// every screen of the console.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })));

type Form = UseFormReturn<ContentDraft>;

/** The material's text in the rich-text editor, with its length against the limit and its error. */
export function MaterialText({ form, disabled }: { form: Form; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name: 'doc' });
  const media = useWatch({ control: form.control, name: 'media' });
  const images = media
    .filter((file) => file.mime.startsWith('image/'))
    .map((file) => ({ src: `/api/files/${file.fileId}`, preview: file.url, name: file.name }));
  const error = formError(fieldState.error);
  const length = field.value ? readRichDoc(field.value).length : 0;
  const numbers = new Intl.NumberFormat(currentLanguage());
  // Read out only near the limit: at every key it would drown what is being typed.
  const nearLimit = length >= MATERIAL_TEXT_MAX_LENGTH * 0.9;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <span className="field__label" id={`${id}-label`}>
        {t('editorMaterial.text.label')}
      </span>
      <p id={`${id}-hint`} className="field__hint">
        {t('editorMaterial.text.hint')}
      </p>
      <Suspense
        fallback={
          <div className="editor-material__text-loading">
            <Spinner />
          </div>
        }
      >
        <RichTextEditor
          value={field.value}
          onChange={field.onChange}
          images={images}
          disabled={disabled}
          labelledBy={`${id}-label`}
          describedBy={[`${id}-hint`, `${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          invalid={Boolean(error)}
        />
      </Suspense>
      <p
        id={`${id}-count`}
        className={nearLimit ? 'field__hint editor-material__count--near' : 'field__hint'}
        aria-live={nearLimit ? 'polite' : 'off'}
      >
        {t('editorMaterial.text.count', {
          length: numbers.format(length),
          max: numbers.format(MATERIAL_TEXT_MAX_LENGTH),
        })}
      </p>
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </div>
  );
}
