import { parseVideoLink, type VideoLink } from '@kanal/contract';
import { type FieldError, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { useFormError } from '@/console/lib/form-errors';
import { useTranslation } from '@/lib/i18n';
import type { ContentDraft } from '../../../lib/content-draft';

type Form = UseFormReturn<ContentDraft>;

const embedUrl = (video: VideoLink) =>
  video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}`
    : `https://player.vimeo.com/video/${video.id}?dnt=1`;

const VIDEO_LINK_ERROR: FieldError = { type: 'validate', message: 'validation.videoLink' };

export function VideoLinkField({ form }: { form: Form }) {
  const { t } = useTranslation('admin');
  const formError = useFormError();
  const link = useWatch({ control: form.control, name: 'link' }) ?? '';
  const { errors, touchedFields } = useFormState({ control: form.control, name: 'link' });
  const video = link.trim() === '' ? null : parseVideoLink(link);
  // Said once the field is left: while the link is being typed or pasted it is not wrong yet.
  const unrecognised = Boolean(touchedFields.link) && link.trim() !== '' && video === null;
  const error = formError(errors.link) ?? (unrecognised ? formError(VIDEO_LINK_ERROR) : undefined);
  return (
    <div className="editor-material__link">
      <TextField
        label={t('editorMaterial.link.label')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint={t('editorMaterial.link.hint')}
        error={error}
        {...form.register('link')}
      />
      {video ? (
        <div className="editor-material__embed">
          <iframe
            src={embedUrl(video)}
            title={t(`editorMaterial.link.preview.${video.provider}`)}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        </div>
      ) : null}
    </div>
  );
}
