import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { SectionProps } from '../../../lib/editor-section';
import '@/components/button.css';
import '@/components/form/file-button.css';
import '@/components/form/form.css';
import '@/components/feedback/progress.css';
import { MaterialText } from './material-text';
import { MediaField } from './media-field';
import { VideoLinkField } from './video-link-field';
import './editor-material.css';

/** The material: a video link with its embed previewed, a text, and the media (uploads, order, captions). */
export function MaterialSection({ form, disabled }: SectionProps) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <section id="editor-material" className="console-panel editor-material" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('editorMaterial.title')}
      </h2>
      <p className="form__intro">{t('editorMaterial.intro')}</p>
      <fieldset className="form__group" disabled={disabled}>
        <VideoLinkField form={form} />
        <MaterialText form={form} disabled={disabled} />
        <MediaField form={form} disabled={disabled} />
      </fieldset>
    </section>
  );
}
