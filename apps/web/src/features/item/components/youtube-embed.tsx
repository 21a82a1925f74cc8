import { useEffect, useRef, useState } from 'react';
import { PlayIcon } from '@/components/icons';
import { useTranslation } from '@/lib/i18n';
import {
  YOUTUBE_PLAYER_ORIGIN,
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
  youtubeVideoId,
  youtubeWatchUrl,
} from '../lib/youtube';
import './slide-carousel.css';
import './youtube-embed.css';

/** How long a started player has to say it is there before the person is told it could not load. */
export const YOUTUBE_READY_TIMEOUT_MS = 8_000;

/** The spec's message (point 8), for a link that is no YouTube video and for a player that does not load. */
function YoutubeError() {
  const { t } = useTranslation('content');
  return (
    <p className="slide__error" role="alert">
      {t('materials.youtubeError')}
    </p>
  );
}

/**
 * The player, once started. Its page answers the IFrame API's "listening" message; with no answer in
 * time (no connection, the video blocked) the person gets the message instead of a broken frame.
 */
function YoutubePlayer({ videoId, name }: { videoId: string; name: string }) {
  const { t } = useTranslation('content');
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (state !== 'loading') return;
    const heard = (event: MessageEvent) => {
      if (event.origin === YOUTUBE_PLAYER_ORIGIN && event.source === frame.current?.contentWindow) setState('ready');
    };
    window.addEventListener('message', heard);
    // Only if still waiting: an answer may land in the same moment, before this effect is cleaned up.
    const timer = setTimeout(() => setState((now) => (now === 'loading' ? 'failed' : now)), YOUTUBE_READY_TIMEOUT_MS);
    return () => {
      window.removeEventListener('message', heard);
      clearTimeout(timer);
    };
  }, [state]);

  if (state === 'failed') return <YoutubeError />;
  return (
    <div className="slide__frame">
      <iframe
        ref={frame}
        src={youtubeEmbedUrl(videoId, window.location.origin)}
        title={t('materials.youtubeTitle', { name })}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() =>
          frame.current?.contentWindow?.postMessage(JSON.stringify({ event: 'listening' }), YOUTUBE_PLAYER_ORIGIN)
        }
      />
    </div>
  );
}

/**
 * The material's link as a video: a poster (the video's still, the item's name, play, and a link to
 * YouTube) until the person presses play, so nothing of YouTube's player loads, or breaks, before they
 * ask for it. Anything that is not a YouTube video gets the spec's message.
 */
export function YoutubeEmbed({ link, name }: { link: string; name: string }) {
  const { t } = useTranslation('content');
  const [started, setStarted] = useState(false);
  const [stillShown, setStillShown] = useState(true);
  const videoId = youtubeVideoId(link);

  if (!videoId) return <YoutubeError />;
  if (started) return <YoutubePlayer videoId={videoId} name={name} />;
  return (
    <div className="slide__frame youtube-poster">
      {stillShown ? (
        <img
          className="youtube-poster__still"
          src={youtubeThumbnailUrl(videoId)}
          alt=""
          onError={() => setStillShown(false)}
        />
      ) : null}
      <button
        type="button"
        className="youtube-poster__play"
        aria-label={t('materials.youtubePlay', { name })}
        onClick={() => setStarted(true)}
      >
        <PlayIcon />
      </button>
      <div className="youtube-poster__caption">
        <p className="youtube-poster__title">{name}</p>
        <a className="youtube-poster__open" href={youtubeWatchUrl(videoId)} target="_blank" rel="noopener">
          {t('materials.youtubeOpen')}
        </a>
      </div>
    </div>
  );
}
