import { parseVideoLink } from '@kanal/contract';

/** The video id of a YouTube watch, share, embed, shorts or live link (the contract's reading); null for anything else. */
export function youtubeVideoId(link: string): string | null {
  const video = parseVideoLink(link);
  return video?.provider === 'youtube' ? video.id : null;
}

export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The privacy-enhanced player, started by the person's press on the poster (so it plays at once), with
 * its message channel on, so the page can tell that it loaded.
 */
export const youtubeEmbedUrl = (videoId: string, origin: string) =>
  `${YOUTUBE_PLAYER_ORIGIN}/embed/${videoId}?autoplay=1&enablejsapi=1&origin=${encodeURIComponent(origin)}`;

/** The video's still, shown on the poster until the person presses play (no cookies; no player loaded). */
export const youtubeThumbnailUrl = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;

/** The video on YouTube itself, for who would rather watch it there. */
export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
