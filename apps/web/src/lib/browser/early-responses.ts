/**
 * The first screen's data, asked for by index.html's inline script (./first-screen-data.ts) while the app's
 * code is still arriving (issue 32: on a slow phone, home's first card waited for the scripts, then the user's
 * details, then the feed, then its picture). The app takes each answer once, as the answer to its own call of
 * the same path with the same session; an answer it has not taken within EARLY_RESPONSE_TTL_MS is never given,
 * so a screen visited later asks afresh.
 */
export const EARLY_RESPONSE_TTL_MS = 10_000;

export type EarlyResponses = { token: string; at: number; responses: Record<string, Promise<Response> | undefined> };

declare global {
  interface Window {
    kanalEarly?: EarlyResponses;
  }
}

/** The early answer to a GET of `path` under the session `token`, once; undefined when there is none. */
export function takeEarlyResponse(path: string, token: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.kanalEarly;
  if (!early) return undefined;
  if (early.token !== token || Date.now() - early.at > EARLY_RESPONSE_TTL_MS) {
    window.kanalEarly = undefined;
    return undefined;
  }
  const response = early.responses[path];
  if (response) early.responses[path] = undefined;
  return response;
}
