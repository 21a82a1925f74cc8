import { API_PREFIX, api, NEW_CONTENT_LIMIT } from '@kanal/contract';
import { pathOf } from '../api-path';
import type { EarlyResponses } from './early-responses';
import { HOME_PAGE_STORAGE_KEY, LANGUAGE_STORAGE_KEY, SESSION_STORAGE_KEY } from './storage-keys';

/**
 * The calls' paths under /api: every signed-in page's user, then each page's own by its path's pattern (an
 * item's `:id` is the pattern's number). Home's feed only at its first page: the page the person left home at
 * is kept under `firstPageOnly`. `picture`: where the first answer names the file of the screen's first
 * picture (its largest paint): the first of the objects at `within` (one, or a list) with a file id in `field`;
 * it is then preloaded from `file` as the screen's `<img>` will ask for it.
 */
export type EarlyCalls = {
  everyPage: string[];
  pages: { pattern: string; paths: string[]; firstPageOnly?: string; picture?: { within: string[]; field: string } }[];
  file: string;
};

/** What the inline script asks for: the same paths the screens' calls make (src/lib/api-client.ts). */
export const earlyCalls = (): EarlyCalls => ({
  everyPage: [pathOf(api.getMe)],
  pages: [
    {
      pattern: '^/$',
      paths: [pathOf(api.listNewItems, undefined, { limit: NEW_CONTENT_LIMIT, offset: 0 })],
      firstPageOnly: HOME_PAGE_STORAGE_KEY,
      picture: { within: ['payload', 'content'], field: 'image' },
    },
    { pattern: '^/content/(\\d+)/intro$', paths: [api.getItem.path], picture: { within: ['payload'], field: 'image' } },
    { pattern: '^/content/(\\d+)$', paths: [api.getItem.path, api.getItemMaterial.path] },
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
      const [first] = page.paths.map((path) => ask(path.replace(':id', match[1] ?? '')));
      const picture = page.picture;
      if (!first || !picture) continue;
      // Read from a copy made before the app can take the answer, which reads the answer itself.
      first
        .then((response) => (response.ok ? response.clone().json() : null))
        .then((body) => {
          const found = picture.within.reduce((value, key) => value?.[key], body);
          const file = []
            .concat(found ?? [])
            .map((item) => item?.[picture.field])
            .find((f) => typeof f === 'string');
          if (!file) return;
          const link = document.createElement('link');
          link.rel = 'preload';
          link.setAttribute('as', 'image');
          link.setAttribute('fetchpriority', 'high');
          link.href = prefix + calls.file.replace(':file', encodeURIComponent(file));
          document.head.append(link);
        })
        .catch(() => undefined);
    }
    window.kanalEarly = { token: session.token, at: Date.now(), responses };
  } catch {
    // Storage blocked or unreadable: the app asks for everything itself.
  }
}
