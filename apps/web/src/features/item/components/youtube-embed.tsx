import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { youtubeEmbedUrl, youtubeVideoId } from '../lib/youtube';
import './slide-carousel.css';

/** The material's link as a player. Anything that is not a YouTube video gets the spec's message (point 8). */
export function YoutubeEmbed({ link, name }: { link: string; name: string }) {
  const { t } = useTranslation('content');
  const [failed, setFailed] = useState(false);
  const videoId = youtubeVideoId(link);

  if (!videoId || failed) {
    return (
      <p className="slide__error" role="alert">
        {t('materials.youtubeError')}
      </p>
    );
  }
  return (
    <div className="slide__frame">
      <iframe
        src={youtubeEmbedUrl(videoId)}
        title={t('materials.youtubeTitle', { name })}
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
