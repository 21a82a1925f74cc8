/**
 * A media URL from the server, used in src and href: only same-origin paths and http(s) pass, so a
 * stored `javascript:` URL can never run.
 */
export function safeMediaUrl(url: string): string | null {
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
