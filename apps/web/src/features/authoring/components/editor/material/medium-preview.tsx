import { DocumentIcon } from '@/components/content-icons';
import { useTranslation } from '@/lib/i18n';
import type { DraftFile } from '../../../lib/content-draft';
import { isImage } from './use-uploads';

type Kind = 'image' | 'video' | 'audio' | 'document';

export const kindOf = (mime: string): Kind =>
  isImage(mime) ? 'image' : mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : 'document';

export function MediumPreview({ file, caption }: { file: DraftFile; caption: string }) {
  const { t } = useTranslation('admin');
  const kind = kindOf(file.mime);
  if (kind === 'image') return <img className="media-item__preview" src={file.url} alt={caption} loading="lazy" />;
  if (kind === 'video') {
    return (
      <video
        className="media-item__preview"
        src={file.url}
        preload="metadata"
        controls
        muted
        aria-label={t('editorMaterial.media.videoPreview', { name: caption })}
      />
    );
  }
  return (
    <span className="media-item__preview media-item__preview--document">
      <DocumentIcon />
      <span className="media-item__type">{t(`editorMaterial.media.kind.${kind}`)}</span>
    </span>
  );
}
