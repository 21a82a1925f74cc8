import { apiFetch, type RequestOptions } from '../api-client';

/**
 * Fetches a file from the API with the session's token (a plain link would go without it) and hands
 * it to the browser as a download under the name the server gave it. `options` for a file made from an
 * upload (a POST with the file).
 */
export async function download(path: string, fallbackName: string, options: RequestOptions = {}): Promise<void> {
  const response = await apiFetch(path, { ...options, headers: { Accept: '*/*' } });
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Released after the click has handed the file over, not before (Safari would lose it).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
