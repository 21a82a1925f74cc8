import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@kanal/contract';
import { useSyncExternalStore } from 'react';
import { firstScreenSettled } from './browser/first-screen-settled';
import { LANGUAGE_STORAGE_KEY } from './browser/storage-keys';
import { createTranslator, type TFunction, type Translator } from './translator';

export type { TFunction } from './translator';

/** The app's one translator; its language is the stored one once `initI18n` has run. */
export const i18n: Translator = createTranslator({
  language: DEFAULT_LANGUAGE,
  fallbackLanguage: FALLBACK_LANGUAGE,
  defaultNamespace: 'common',
  // The admin console's namespace carries the contract's messages of the staff's calls (locales/*/admin).
  fallbackNamespaces: ['common', 'admin'],
});

type Resources = Record<'common' | 'auth' | 'shell' | 'home' | 'content', Record<string, unknown>>;

// One chunk per language, fetched only when that language is needed.
const loaders: Record<Language, () => Promise<{ resources: Resources }>> = {
  hr: () => import('@/locales/hr/index'),
  en: () => import('@/locales/en/index'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

type Bundle = Record<string, unknown>;
/**
 * Namespaces of lazily loaded areas (the admin console): fetched with the area's chunk, for the active
 * language and again for each language switched to while the area is open.
 */
const areaLoaders = new Map<string, Record<Language, () => Promise<{ default: Bundle }>>>();

async function loadArea(language: Language, ns: string): Promise<void> {
  const loader = areaLoaders.get(ns)?.[language];
  if (!loader || i18n.hasTexts(language, ns)) return;
  i18n.addTexts(language, ns, (await loader()).default);
}

async function loadLanguage(language: Language): Promise<void> {
  if (!i18n.hasTexts(language, 'common')) {
    const { resources } = await loaders[language]();
    for (const [ns, bundle] of Object.entries(resources)) i18n.addTexts(language, ns, bundle);
  }
  await Promise.all([...areaLoaders.keys()].map((ns) => loadArea(language, ns)));
}

/** Registers a lazily loaded area's namespace and resolves once its texts in the active language are in. */
export function loadAreaTexts(ns: string, loaders: Record<Language, () => Promise<{ default: Bundle }>>) {
  areaLoaders.set(ns, loaders);
  return loadArea(currentLanguage(), ns);
}

/** The language the app speaks: the one asked for at start or by the switch. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * react-i18next's hook, kept as the screens call it: the namespace's `t`, and the component renders again
 * when the language changes or texts arrive.
 */
export function useTranslation(ns: string): { t: TFunction; i18n: Translator } {
  const t = useSyncExternalStore(i18n.subscribe, () => i18n.namespaceT(ns));
  return { t, i18n };
}

let initialised: Promise<void> | undefined;

/** Resolves once the active language's texts are loaded, so the first paint is already translated. */
export function initI18n(): Promise<void> {
  initialised ??= (async () => {
    const language = storedLanguage();
    i18n.onLanguageChange((lng) => {
      document.documentElement.lang = lng;
    });
    i18n.changeLanguage(language);
    await loadLanguage(language);
    document.documentElement.lang = language;
    // The fallback only fills gaps (a test keeps the catalogues in step): it waits for the first screen.
    if (language !== FALLBACK_LANGUAGE) {
      void firstScreenSettled.then(() => loadLanguage(FALLBACK_LANGUAGE)).catch(() => undefined);
    }
  })();
  return initialised;
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered when storage is blocked; the choice still applies to this visit.
  }
}
