import { API_PREFIX, api, type ContentItem, type ContentList, type Material, NEW_CONTENT_LIMIT } from '@kanal/contract';
import { pathOf } from '../api-path';
import type { EarlyResponses } from './early-responses';
import { HOME_PAGE_STORAGE_KEY, LANGUAGE_STORAGE_KEY, SESSION_STORAGE_KEY } from './storage-keys';

/**
 * Where an answer names the screen's first picture (its largest paint): the URL its `<img>` will ask for, or
 * nothing. `file` gives a stored file's URL from its id. A rule is written into index.html as its source, so it
 * uses nothing from outside and reads the answer as it came, unchecked.
 */
type PictureRule<T> = (answer: { payload?: Partial<T> } | null, file: (id: string) => string) => string | undefined;

/**
 * The calls' paths under /api: every signed-in page's user, then each page's own by its path's pattern (an
 * item's `:id` is the pattern's number). Home's feed only at its first page: the page the person left home at
 * is kept under `firstPageOnly`. `picture`: the rule for the first picture, read from the answer to
 * `paths[answer]`; the picture is then preloaded.
 */
export type EarlyCalls = {
  everyPage: string[];
  pages: {
    pattern: string;
    paths: string[];
    firstPageOnly?: string;
    picture?: { answer: number; find: PictureRule<never> };
  }[];
  file: string;
};

/** Home: the first card that has a picture (the cards' `aboveTheFold`, home-feed.tsx). */
const firstCardPicture: PictureRule<ContentList> = (answer, file) => {
  const image = answer?.payload?.content?.find((item) => item?.image)?.image;
  return image ? file(image) : undefined;
};

/** An item's introduction: the item's picture. */
const itemPicture: PictureRule<ContentItem> = (answer, file) => {
  const image = answer?.payload?.image;
  return image ? file(image) : undefined;
};

/**
 * Materials: the first slide, when it is a picture (`slidesOf`, content-materials.tsx: the video link, then
 * the pictures and videos; documents are listed below). Only a same-origin path, as `safeMediaUrl` passes it.
 */
const firstSlidePicture: PictureRule<Material> = (answer) => {
  const material = answer?.payload;
  if (!material || material.link?.trim()) return undefined;
  const first = material.medias?.find((media) => media?.type !== 'DOCUMENT');
  const url = first?.type === 'IMAGE' ? first.url.trim() : '';
  return url.startsWith('/') && !url.startsWith('//') ? url : undefined;
};

/** What the inline script asks for: the same paths the screens' calls make (src/lib/api-client.ts). */
export const earlyCalls = (): EarlyCalls => ({
  everyPage: [pathOf(api.getMe)],
  pages: [
    {
      pattern: '^/$',
      paths: [pathOf(api.listNewItems, undefined, { limit: NEW_CONTENT_LIMIT, offset: 0 })],
      firstPageOnly: HOME_PAGE_STORAGE_KEY,
      picture: { answer: 0, find: firstCardPicture },
    },
    {
      pattern: '^/content/(\\d+)/intro$',
      paths: [api.getItem.path],
      picture: { answer: 0, find: itemPicture },
    },
    {
      pattern: '^/content/(\\d+)$',
      paths: [api.getItem.path, api.getItemMaterial.path],
      picture: { answer: 1, find: firstSlidePicture },
    },
  ],
  file: api.getFile.path,
});

/** The inline script's arguments (vite.config.ts writes the call). */
export const earlyRequestArguments = () =>
  [earlyCalls(), SESSION_STORAGE_KEY, LANGUAGE_STORAGE_KEY, API_PREFIX] as const;

/**
 * Runs in the page as it is parsed, before any of the app's code (its source is written into index.html, so
 * it uses nothing from outside). Without a session in storage it asks for nothing: the sign-in screen needs no data.
 */
export function requestFirstScreenData(calls: EarlyCalls, sessionKey: string, languageKey: string, prefix: string) {
  try {
    const session = JSON.parse(localStorage.getItem(sessionKey) ?? sessionStorage.getItem(sessionKey) ?? 'null');
    if (typeof session?.token !== 'string') return;
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${session.token}` };
    const language = localStorage.getItem(languageKey);
    if (language) headers['Accept-Language'] = language;
    const responses: EarlyResponses['responses'] = {};
    const ask = (path: string) => {
      const response = fetch(prefix + path, { headers, credentials: 'same-origin' });
      // A failure is the app's to show when it takes the answer; one it never takes is no error.
      response.catch(() => undefined);
      responses[path] = response;
      return response;
    };
    calls.everyPage.forEach(ask);
    for (const page of calls.pages) {
      const match = new RegExp(page.pattern).exec(location.pathname);
      if (!match || (page.firstPageOnly && (localStorage.getItem(page.firstPageOnly) ?? '0') !== '0')) continue;
      const answers = page.paths.map((path) => ask(path.replace(':id', match[1] ?? '')));
      const picture = page.picture;
      const answer = picture && answers[picture.answer];
      if (!picture || !answer) continue;
      const file = (id: string) => prefix + calls.file.replace(':file', encodeURIComponent(id));
      // Read from a copy made before the app can take the answer, which reads the answer itself.
      answer
        .then((response) => (response.ok ? response.clone().json() : null))
        .then((body) => {
          const url = picture.find(body, file);
          if (typeof url !== 'string') return;
          const link = document.createElement('link');
          link.rel = 'preload';
          link.setAttribute('as', 'image');
          link.setAttribute('fetchpriority', 'high');
          link.href = url;
          document.head.append(link);
        })
        .catch(() => undefined);
    }
    window.kanalEarly = { token: session.token, at: Date.now(), responses };
  } catch {
    // Storage blocked or unreadable: the app asks for everything itself.
  }
}
