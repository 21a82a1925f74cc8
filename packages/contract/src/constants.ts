// Every number the spec or DESIGN.md names lives here once, so the server and the web app cannot drift.

export const PASSWORD_MIN_LENGTH = 8;
/** DESIGN.md §5: long passphrases are allowed (the catalogue's 20 is not used). */
export const PASSWORD_MAX_LENGTH = 128;
export const IDENTIFIER_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 200;
export const DEVICE_MAX_LENGTH = 512;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** DESIGN.md §3: 'remember me' keeps a sliding 30-day session, otherwise 12 hours. */
export const SESSION_TTL_REMEMBER_MS = 30 * DAY_MS;
export const SESSION_TTL_MS = 12 * HOUR_MS;
/** Sign-up confirmation and password-reset links are single use and expire after 30 minutes. */
export const PASSWORD_TOKEN_TTL_MS = 30 * MINUTE_MS;
/** A new person's welcome link, which sets their first password: single use, 7 days. */
export const WELCOME_LINK_TTL_MS = 7 * DAY_MS;
/** An activation code for a username-only account (DESIGN.md §5): single use, 7 days. */
export const ACTIVATION_CODE_TTL_MS = 7 * DAY_MS;
export const ACTIVATION_CODE_MAX_LENGTH = 32;
/** How long a browser that signed in stays trusted for its own sign-in limit (OWASP device cookies). */
export const TRUSTED_DEVICE_TTL_MS = 365 * DAY_MS;

/** Row ids are PostgreSQL `integer`s: a larger id is bad input (400), never a database error (500). */
export const ID_MAX = 2_147_483_647;

export const LIST_LIMIT_MAX = 100;
/** A people import: at most this many rows, in a file of at most this size. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * What the parts of an import's XLSX that are read (the first sheet, its texts, the workbook's index) may
 * unpack to, counted while they unpack: a 10,000-person file unpacks to about 4 MB, a zip bomb to
 * gigabytes. Reading costs time in proportion, so this also bounds the work a refused file causes.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 10 * 1024 * 1024;
/** The longest row (line) of an import's CSV, in characters. */
export const IMPORT_MAX_LINE_LENGTH = 10_000;
/** A person's department, location, job title and employee number (issue 31), each. */
export const ATTRIBUTE_MAX_LENGTH = 100;
/** The name of an identity provider's claim that carries a person's attribute (issue 31). */
export const CLAIM_NAME_MAX_LENGTH = 100;
/** GET /user/attributes: at most this many values of each attribute, the most used ones. */
export const ATTRIBUTE_VALUES_MAX = 1000;
/** The search box of the admin lists. */
export const SEARCH_MAX_LENGTH = 100;
export const NEW_CONTENT_LIMIT = 50;
export const ARCHIVE_PAGE_SIZE = 3;
/** The pager shows the current page ±2. */
export const PAGER_SPAN = 2;

export const QUIZ_ADVANCE_EDUCATION_MS = 2000;
export const QUIZ_ADVANCE_OTHER_MS = 500;
export const COMMENT_THANKS_REDIRECT_MS = 2000;
export const GAUGE_DELAY_MS = 500;
export const LINEAR_OPTION_COUNT = 5;
export const TASK_TEXT_MAX_LENGTH = 250;
/** A time limit per question, in seconds. */
export const TIME_RESTRICTION_MIN_S = 5;
export const TIME_RESTRICTION_MAX_S = 3600;
/** A material's text, in characters of its words (rich-text.ts counts them). */
export const MATERIAL_TEXT_MAX_LENGTH = 20_000;
/** An item's questions, at most (and so an education's questions per attempt). */
export const QUESTIONS_MAX = 100;
export const COMMENT_MAX_LENGTH = 2000;
/** A free-text answer to a poll, inquiry or quiz question. */
export const TEXT_ANSWER_MAX_LENGTH = 2000;

/** DESIGN.md §5: points for each correct answer of the first passing attempt of an EDUCATION item. */
export const POINTS_PER_CORRECT_ANSWER = 10;
/** DESIGN.md §4: poll results are shown only once this many people have answered. */
export const POLL_RESULTS_MIN_RESPONDENTS = 5;
/** Archive periods (calendar months) and the like are read in the organisations' time zone. */
export const APP_TIME_ZONE = 'Europe/Zagreb';

export const QUERY_CACHE_MS = DAY_MS;
export const DESKTOP_MAX_CONTENT_WIDTH_PX = 936;
/** Below this width the app switches to its phone layout. */
export const MOBILE_BREAKPOINT_PX = 768;

export const LANGUAGES = ['hr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hr';
export const FALLBACK_LANGUAGE: Language = 'en';

/** The most periods one activity call answers (GET /content/info/activity): a year and a month of days. */
export const ACTIVITY_MAX_PERIODS = 400;
