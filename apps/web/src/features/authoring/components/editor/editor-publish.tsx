import type { StaffContent } from '@kanal/contract';
import { TextField } from '@/components/form/text-field';
import { useFormError } from '@/console/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { PublishMode } from '../../lib/content-draft';
import type { FormSectionProps } from '../../lib/editor-section';
import { EditorSection } from './editor-section';

type Props = FormSectionProps & {
  /** The item being edited; none while it is new. */
  item?: StaffContent;
  /** Out already (published or archived): its time is shown, no longer chosen. */
  published: boolean;
  publishMode: PublishMode;
  /** The organisation reviews the caller's items before they are out. */
  reviewed: boolean;
};

/** The editor's last section: out now, at a chosen time, or kept as a draft. */
export function PublishSection({ form, errors, editable, item, published, publishMode, reviewed }: Props) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const { register } = form;
  return (
    <EditorSection id="editor-publish" title={t('content.editor.sections.publish')}>
      {published && item ? (
        <p>{t('content.editor.publishedAt', { time: formatDateTime(item.publishAt) })}</p>
      ) : (
        <fieldset className="form__group" disabled={!editable}>
          <legend className="visually-hidden">{t('content.editor.sections.publish')}</legend>
          <div className="content-editor__modes">
            {(['now', 'schedule', 'draft'] as const satisfies readonly PublishMode[]).map((mode) => (
              <label key={mode} className="content-editor__mode">
                <input type="radio" value={mode} {...register('publishMode')} />
                <span>
                  <span className="content-editor__mode-name">{t(`content.editor.modes.${mode}`)}</span>
                  <span className="content-editor__mode-about">{t(`content.editor.modesAbout.${mode}`)}</span>
                </span>
              </label>
            ))}
          </div>
          {reviewed ? <p className="note">{t('content.editor.reviewNote')}</p> : null}
          {publishMode === 'schedule' ? (
            <TextField
              type="datetime-local"
              label={t('content.editor.publishAt')}
              error={formError(errors.publishAt)}
              {...register('publishAt')}
            />
          ) : null}
        </fieldset>
      )}
    </EditorSection>
  );
}
