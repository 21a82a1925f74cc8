/**
 * Everything the app keeps in browser storage (spec point 3, "locally persisted state"). Values are JSON
 * but for the language. The build reads the session's and the language's keys too (vite.config.ts: the
 * first screen's code is chosen by them before the app has loaded), so this module imports nothing.
 */

/** The session, {token, userId}: in localStorage with 'remember me', otherwise in sessionStorage. */
export const SESSION_STORAGE_KEY = 'kanal.auth';

/** The language chosen by the switch ('hr' or 'en'), in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'kanal.lang';

/** The archive's current page (zero-based); the top bar's archive link starts it again at 0. */
export const ARCHIVE_PAGE_STORAGE_KEY = 'kanal.archive.page';

/** Home's current page of unfinished items (zero-based). */
export const HOME_PAGE_STORAGE_KEY = 'kanal.home.page';

/** The archive's filter choices: {contentTypes, creators, categories, periods}, all empty by default. */
export const ARCHIVE_FILTERS_STORAGE_KEY = 'kanal.archive.filters';

/**
 * A quiz or poll in progress, per content item: {index, answers, secondsLeft, checks}, so a reload
 * continues at the same question with the same time left and the server's verdicts so far.
 */
export const formStorageKey = (contentId: number) => `kanal.form.${contentId}`;

/**
 * What a person has seen of an item's materials: {slides, documents} (slide positions, document ids).
 * Kept per person and item, so a retry after a failed quiz does not ask for it all again.
 */
/**
 * Poll and inquiry answers given without a connection, per person: [{contentId, answers,
 * submissionKey}], sent once each when the connection returns (features/forms/lib/outbox.ts).
 */
export const outboxStorageKey = (userId: number) => `kanal.outbox.${userId}`;

export const materialsStorageKey = (userId: number, contentId: number) => `kanal.materials.${userId}.${contentId}`;
