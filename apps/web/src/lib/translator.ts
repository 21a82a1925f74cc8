/**
 * The app's texts: catalogues by language and namespace, looked up by dotted key, with plural forms and
 * {{variables}}. Our own, in i18next's catalogue format and with react-i18next's calls (`t`, `useTranslation`):
 * i18next with react-i18next were 18 KB of the 110 KB /login was allowed, for the few of their features this
 * app uses (docs/adr/0053-our-own-texts-library.md).
 */

/** A text's options: where to look, the plural's count, and the values of the text's {{variables}}. */
export type TextOptions = {
  ns?: string;
  lng?: string;
  count?: number;
  /** Shown (with its variables filled in) when no catalogue has the key; otherwise the key itself is. */
  defaultValue?: string;
  [variable: string]: string | number | undefined;
};

export type TFunction = (key: string, options?: TextOptions) => string;

type Catalogue = { [key: string]: string | Catalogue };

const VARIABLE = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** `key_one`, `key_few`, `key_other`: Croatian has three forms where English has two. */
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function find(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A value given is written as it is, even an empty one (no HTML escaping: the screens render text, not
 * markup); a variable not given stays as written, so a missing value shows in the text instead of vanishing.
 */
function fill(text: string, options: TextOptions): string {
  return text.replace(VARIABLE, (written, name: string) =>
    Object.hasOwn(options, name) ? String(options[name] ?? '') : written,
  );
}

export type Translator = ReturnType<typeof createTranslator>;

export function createTranslator(settings: {
  language: string;
  /** Where a text missing in the language is looked for next. */
  fallbackLanguage: string;
  defaultNamespace: string;
  /** Where a key missing in its own namespace is looked for next, in this order. */
  fallbackNamespaces: readonly string[];
}) {
  const catalogues = new Map<string, Catalogue>();
  const listeners = new Set<() => void>();
  const languageListeners = new Set<(language: string) => void>();
  const namespaceTs = new Map<string, TFunction>();
  const emit = () => {
    namespaceTs.clear();
    for (const listener of listeners) listener();
  };

  /**
   * Namespace by namespace (its own, then the fallbacks), language by language, the plural form of the
   * count before the bare key: i18next's order, so the catalogues read as they did under it.
   */
  const resolve = (key: string, options: TextOptions): string | undefined => {
    const languages = new Set([options.lng ?? translator.language, settings.fallbackLanguage]);
    for (const ns of [options.ns ?? settings.defaultNamespace, ...settings.fallbackNamespaces]) {
      for (const language of languages) {
        const catalogue = catalogues.get(`${language}/${ns}`);
        const plural =
          options.count === undefined ? undefined : find(catalogue, `${key}_${pluralForm(language, options.count)}`);
        const text = plural ?? find(catalogue, key);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  };

  const t: TFunction = (key, options = {}) => fill(resolve(key, options) ?? options.defaultValue ?? key, options);

  const translator = {
    language: settings.language,
    t,

    hasTexts: (language: string, ns: string): boolean => catalogues.has(`${language}/${ns}`),

    addTexts(language: string, ns: string, texts: Record<string, unknown>): void {
      catalogues.set(`${language}/${ns}`, texts as Catalogue);
      emit();
    },

    changeLanguage(language: string): void {
      if (language === translator.language) return;
      translator.language = language;
      for (const listener of languageListeners) listener(language);
      emit();
    },

    /** Called on every change of language or of the catalogues; returns its unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onLanguageChange(listener: (language: string) => void): () => void {
      languageListeners.add(listener);
      return () => languageListeners.delete(listener);
    },

    exists: (key: string, options: TextOptions = {}): boolean => resolve(key, options) !== undefined,

    /** `t` of one namespace, in one language when it is given (otherwise in the current one). */
    getFixedT:
      (language: string | undefined, ns: string): TFunction =>
      (key, options) =>
        t(key, { lng: language, ns, ...options }),

    /**
     * The namespace's `t` in the current language: the same function until the language or the catalogues
     * change, so a component handed it (memoised or not) renders again exactly then.
     */
    namespaceT(ns: string): TFunction {
      let nsT = namespaceTs.get(ns);
      if (!nsT) {
        nsT = translator.getFixedT(undefined, ns);
        namespaceTs.set(ns, nsT);
      }
      return nsT;
    },
  };
  return translator;
}
