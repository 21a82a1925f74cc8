import { NEW_CONTENT_LIMIT } from '@kanal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getContent } from '@/content/api/get-content';
import { getMe } from '@/features/auth/api/get-me';
import { getNewContent } from '@/features/feed/api/get-new-content';
import { getMaterial } from '@/features/item/api/get-material';
import { slidesOf } from '@/features/item/components/content-materials';
import { safeMediaUrl } from '@/features/item/lib/safe-media-url';
import { authStore } from '@/lib/auth-store';
import { earlyRequestArguments, requestFirstScreenData } from '@/lib/browser/first-screen-data';
import { HOME_PAGE_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '@/lib/browser/storage-keys';
import { fileUrl } from '@/lib/file-url';
import { makeMaterial, makeMedia } from '@/test/content-fixtures';

/**
 * The inline script as index.html runs it, at `path`; what it asked the network for. Here, beside the screens:
 * the test checks that their own calls are the ones it answers.
 */
const pageOpens = (path: string, answers: Record<string, unknown> = {}) => {
  window.history.replaceState(null, '', path);
  const fetched = vi.fn(async (url: string, _init?: RequestInit) => Response.json({ payload: answers[url] ?? null }));
  vi.stubGlobal('fetch', fetched);
  requestFirstScreenData(...earlyRequestArguments());
  return fetched;
};
const urls = (fetched: ReturnType<typeof pageOpens>) => fetched.mock.calls.map(([url]) => url);

describe("the page's inline script asks for the first screen's data", () => {
  beforeEach(() => authStore.signIn({ token: 'token-1', userId: 7 }, true));
  afterEach(() => {
    window.kanalEarly = undefined;
    authStore.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  const preloadedPictures = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) =>
      l.getAttribute('href'),
    );

  it("on home, the user and the feed's first page, as the session and in the person's language", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const fetched = pageOpens('/');
    expect(urls(fetched)).toEqual(['/api/auth/me', `/api/mobile/content/list/new?limit=${NEW_CONTENT_LIMIT}&offset=0`]);
    expect(fetched.mock.calls[0]?.[1]).toMatchObject({
      headers: { Authorization: 'Bearer token-1', 'Accept-Language': 'en' },
    });
    // The app's own calls are answered by them: nothing more goes out.
    await getMe();
    await getNewContent(NEW_CONTENT_LIMIT, 0);
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it("preloads the first card's picture, of the first card that has one, and the introduction's", async () => {
    const feed = {
      content: [
        { id: 1, image: null },
        { id: 2, image: 'a1b2' },
        { id: 3, image: 'c3d4' },
      ],
    };
    pageOpens('/', { [`/api/mobile/content/list/new?limit=${NEW_CONTENT_LIMIT}&offset=0`]: feed });
    // The app reads the whole answer still.
    expect(await getNewContent(NEW_CONTENT_LIMIT, 0)).toEqual(feed);
    await vi.waitFor(() => expect(preloadedPictures()).toEqual([fileUrl('a1b2')]));

    pageOpens('/content/42/intro', { '/api/mobile/content/42': { id: 42, image: 'e5f6' } });
    await vi.waitFor(() => expect(preloadedPictures()).toEqual([fileUrl('a1b2'), fileUrl('e5f6')]));
  });

  it("preloads the materials' first slide when it is a picture, by the screen's own rule", async () => {
    const picture = makeMedia({ id: 1, type: 'IMAGE', url: '/api/files/p1' });
    const video = makeMedia({ id: 2, type: 'VIDEO', url: '/api/files/v2' });
    const pdf = makeMedia({ id: 3, type: 'DOCUMENT', url: '/api/files/d3' });
    const materials = [
      makeMaterial({ medias: [pdf, picture, video] }),
      makeMaterial({ medias: [video, picture] }),
      makeMaterial({ link: 'https://youtu.be/dQw4w9WgXcQ', medias: [picture] }),
      makeMaterial({ link: '  ', medias: [{ ...picture, url: ' /api/files/p1 ' }] }),
      makeMaterial({ medias: [{ ...picture, url: 'https://elsewhere.example/p.png' }] }),
      makeMaterial({ medias: [pdf] }),
    ];
    const preloaded: string[] = [];
    for (const material of materials) {
      for (const link of document.head.querySelectorAll('link')) link.remove();
      pageOpens('/content/42', { '/api/mobile/content/42/material': material });
      await getMaterial(42);
      // The screen's first slide, as the carousel shows it: its picture's URL, or none.
      const [first] = slidesOf(material);
      const shown = first?.kind === 'media' && first.media.type === 'IMAGE' ? safeMediaUrl(first.media.url) : null;
      const expected = shown?.startsWith('/') ? [shown] : [];
      await vi.waitFor(() => expect(preloadedPictures()).toEqual(expected));
      preloaded.push(...expected);
    }
    // Pictures first, after a document, and with spaces around: preloaded; a video, a link or another site first: not.
    expect(preloaded).toEqual(['/api/files/p1', '/api/files/p1']);
  });

  it('preloads no picture when the first answer names none', async () => {
    pageOpens('/content/42/intro', { '/api/mobile/content/42': { id: 42, image: null } });
    await getContent(42);
    expect(preloadedPictures()).toEqual([]);
  });

  it("on an item's introduction the item, on its materials the item and its material", async () => {
    expect(urls(pageOpens('/content/42/intro'))).toEqual(['/api/auth/me', '/api/mobile/content/42']);
    const fetched = pageOpens('/content/42');
    expect(urls(fetched)).toEqual(['/api/auth/me', '/api/mobile/content/42', '/api/mobile/content/42/material']);
    await getContent(42);
    await getMaterial(42);
    expect(fetched).toHaveBeenCalledTimes(3);
  });

  it('elsewhere, or on a later page of home, the user only', () => {
    expect(urls(pageOpens('/archive'))).toEqual(['/api/auth/me']);
    localStorage.setItem(HOME_PAGE_STORAGE_KEY, '2');
    expect(urls(pageOpens('/'))).toEqual(['/api/auth/me']);
  });

  it('nothing without a session', () => {
    authStore.clear();
    expect(pageOpens('/')).not.toHaveBeenCalled();
    expect(window.kanalEarly).toBeUndefined();
  });
});
