/**
 * The secrets that travel in URLs, in one place. Every link the server mails carries one: the set-up,
 * welcome, reset and unsubscribe pages (and the API calls they make) as the path segment after one of
 * these names, a notice's button as its `receipt`. A mail scanner fetches each link once, so such URLs
 * reach the request log; whoever reads the log must not be able to use them (DESIGN.md §6). A new
 * mailed link names its page or parameter here.
 */
const SECRET_PATH_SEGMENTS = ['signup', 'reset-password', 'welcome', 'activate', 'unsubscribe'];
const SECRET_QUERY_PARAMETERS = ['receipt', 'token'];

// Up to the next `/`, `?`, `#`, `&`, or whatever ends the URL inside a log line (a quote, an escape, a space).
const SECRET = new RegExp(
  `(/(?:${SECRET_PATH_SEGMENTS.join('|')})/)[^/?#&"\\\\\\s]+|([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#"\\\\\\s]+`,
  'gi',
);

/** `text` with the secret of every URL in it replaced by `[redacted]`, wherever in the text the URL stands. */
export const redactSecrets = (text: string): string =>
  text.replace(SECRET, (_match, path?: string, query?: string) => `${path ?? query}[redacted]`);
