import { UPLOAD_MAX_BYTES } from '@kanal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldError, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { FileButton } from '@/components/form/file-button';
import { useFormError } from '@/console/lib/form-errors';
import { formatFileSize } from '@/lib/format';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import type { SectionProps } from '../../../lib/editor-section';
import '@/components/button.css';
import '@/components/form/file-button.css';
import '@/components/form/form.css';
import '@/components/feedback/progress.css';
import { UploadItem } from './upload-item';
import { draftFileOf, fileProblem, useUploads } from './use-uploads';
import './editor-material.css';

/** The cover picture: one image, uploaded or removed. */
export function CoverField({ form, disabled }: SectionProps) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const errorId = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  const image = useWatch({ control: form.control, name: 'image' });
  const { errors } = useFormState({ control: form.control, name: 'image' });
  const [said, setSaid] = useState('');
  const focusPicker = useRef(false);
  const { uploads, add, drop, retry } = useUploads((stored, scope) => {
    form.setValue('image', draftFileOf(stored, scope, stored.name), { shouldDirty: true, shouldTouch: true });
    form.clearErrors('image');
    setSaid(t('editorMaterial.cover.done'));
  });
  const upload = uploads[0];
  const uploading = upload !== undefined && upload.error === undefined;
  // The cover is one value: its error is about the whole of it.
  const error = formError(errors.image as FieldError | undefined);

  const choose = (file: File) => {
    for (const earlier of uploads) drop(earlier.key);
    setSaid('');
    add([file], (chosen) => fileProblem(t, chosen, 'image'));
  };
  const remove = () => {
    form.setValue('image', null, { shouldDirty: true, shouldTouch: true });
    form.clearErrors('image');
    setSaid(t('editorMaterial.cover.removed'));
    focusPicker.current = true;
  };

  // Once the image (and its button) is gone, the picker is what there is to do next.
  useEffect(() => {
    if (!focusPicker.current || image) return;
    focusPicker.current = false;
    box.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [image]);

  return (
    <fieldset
      ref={box}
      className={error ? 'form__group cover-field cover-field--invalid' : 'form__group cover-field'}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{t('editorMaterial.cover.label')}</legend>
      {image ? (
        <img className="cover-field__preview" src={image.url} alt={t('editorMaterial.cover.alt')} />
      ) : (
        <p className="field__hint">{t('editorMaterial.cover.none')}</p>
      )}
      {upload ? <UploadItem upload={upload} onCancel={() => drop(upload.key)} onRetry={() => retry(upload)} /> : null}
      {/* Read-only (an analyst's, another author's item): the image is shown, not offered for change. */}
      {disabled ? null : (
        <div className="cover-field__actions">
          <FileButton
            label={t(image ? 'editorMaterial.cover.replace' : 'editorMaterial.cover.choose')}
            accept="image/*"
            hint={t('editorMaterial.cover.hint', { size: formatFileSize(UPLOAD_MAX_BYTES, currentLanguage()) })}
            disabled={disabled || uploading}
            onFile={choose}
          />
          {image ? (
            <Button variant="secondary" disabled={disabled} onClick={remove}>
              {t('editorMaterial.cover.remove')}
            </Button>
          ) : null}
        </div>
      )}
      <ErrorText id={errorId}>{error}</ErrorText>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}
