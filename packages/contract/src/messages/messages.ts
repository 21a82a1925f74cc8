import {
  ACTIVITY_MAX_PERIODS,
  ATTRIBUTE_MAX_LENGTH,
  CLAIM_NAME_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  IMPORT_MAX_LINE_LENGTH,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  LANGUAGES,
  type Language,
  MATERIAL_TEXT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUESTIONS_MAX,
  TASK_TEXT_MAX_LENGTH,
  TEXT_ANSWER_MAX_LENGTH,
  TIME_RESTRICTION_MAX_S,
  TIME_RESTRICTION_MIN_S,
} from '../constants.js';
import adminEn from '../locales/admin.en.json' with { type: 'json' };
import adminHr from '../locales/admin.hr.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import hr from '../locales/hr.json' with { type: 'json' };

/**
 * The messages shared by the server's error bodies and the web app's forms, per language: those every
 * client needs (`hr.json`), and those of the staff's calls (`admin.hr.json`), which the web app loads with
 * its admin console only, so that signing in does not download them. Marked pure (as `translate` below):
 * the web app imports this module for MESSAGE_PARAMS and never translates here, so its bundle leaves out
 * the joined catalogues instead of putting all four files on the sign-in path.
 */
export const messages = /* @__PURE__ */ joinCatalogs();

function joinCatalogs() {
  return {
    hr: {
      errors: { ...hr.errors, ...adminHr.errors },
      validation: { ...hr.validation, ...adminHr.validation },
    },
    en: {
      errors: { ...en.errors, ...adminEn.errors },
      validation: { ...en.validation, ...adminEn.validation },
    },
  };
}

/** Values every validation message may interpolate, so a rule's number is written only once. */
export const MESSAGE_PARAMS = {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  commentMax: COMMENT_MAX_LENGTH,
  textMax: TEXT_ANSWER_MAX_LENGTH,
  maxRows: IMPORT_MAX_ROWS,
  unpackedMaxMb: IMPORT_MAX_UNPACKED_BYTES / (1024 * 1024),
  lineMax: IMPORT_MAX_LINE_LENGTH,
  taskMax: TASK_TEXT_MAX_LENGTH,
  timeMin: TIME_RESTRICTION_MIN_S,
  timeMax: TIME_RESTRICTION_MAX_S,
  maxPeriods: ACTIVITY_MAX_PERIODS,
  attributeMax: ATTRIBUTE_MAX_LENGTH,
  claimMax: CLAIM_NAME_MAX_LENGTH,
  questionsMax: QUESTIONS_MAX,
  materialMax: MATERIAL_TEXT_MAX_LENGTH,
} as const;

/** The best supported language for an Accept-Language header: Croatian unless English is preferred. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const hit = ranked.find((r) => (LANGUAGES as readonly string[]).includes(r.tag));
  return (hit?.tag as Language | undefined) ?? DEFAULT_LANGUAGE;
}

type Catalog = Record<string, unknown>;

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (language: Language, key: string, params?: Record<string, string | number>) => string;

/** A translator over one catalogue per language, with `{{name}}` interpolation and English fallback. */
export function makeTranslate(catalogs: Record<Language, Catalog>): Translate {
  return (language, key, params = {}) => {
    const template = lookup(catalogs[language], key) ?? lookup(catalogs[FALLBACK_LANGUAGE], key) ?? key;
    const values: Record<string, string | number> = { ...MESSAGE_PARAMS, ...params };
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
  };
}

/** `translate('en', 'errors.TooManyRequests', { minutes: 3 })`: the shared errors and validation texts. */
export const translate = /* @__PURE__ */ makeTranslate(messages);

export function isMessageKey(key: string): boolean {
  return lookup(messages[FALLBACK_LANGUAGE], key) !== undefined;
}
