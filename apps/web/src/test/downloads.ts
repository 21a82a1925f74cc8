import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The names of the files the app hands the browser to save (lib/browser/download.ts), for the tests of the
 * describe block it is called in: jsdom has no object URLs and cannot follow a download link, so the link's
 * click is caught and its file name kept.
 */
export function savedDownloads(): string[] {
  const { createObjectURL, revokeObjectURL } = URL;
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    // download() frees the object URL ten seconds after the click, which may be after the test.
    URL.revokeObjectURL = revokeObjectURL ?? (() => undefined);
    vi.restoreAllMocks();
  });
  return saved;
}
