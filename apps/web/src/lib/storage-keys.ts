/** The archive remembers its filter tab; the top bar's archive link starts it again at the first one. */
export const ARCHIVE_TAB_STORAGE_KEY = 'kanal.archive.tab';
