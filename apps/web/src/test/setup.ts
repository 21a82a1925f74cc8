import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { changeLanguage, initI18n } from '@/lib/i18n';

// Preact runs effects after the next paint, which jsdom fakes with a 100 ms timer: one still pending when a
// test file ends would fire after its window is gone. Here effects run as soon as the render is done.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// Screens are lazy routes: the first test to open one also waits for its module to load, which on a
// busy two-core CI machine can take longer than Testing Library's default of one second. Half the test
// timeout (vitest.config.ts), so that an element that never comes fails with Testing Library's message.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has <dialog> but not its modal methods; the browser's (focus trap, inert page) are checked end to end.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// jsdom draws nothing on a canvas (and says so on every chart): charts are read through their tables here,
// and looked at in Chromium end to end.
HTMLCanvasElement.prototype.getContext = () => null;

// jsdom lays nothing out, so nothing is ever resized: an observer that never calls back (sizes are checked end to end).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom lays nothing out, so a range has no rectangles: the rich-text editor (ProseMirror) measures the caret
// to keep it in view. Typing and a real clipboard are checked in Chromium end to end.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;
// …and has no ClipboardEvent, which ProseMirror's paste (view.pasteHTML) makes: a paste without clipboard data.
globalThis.ClipboardEvent ??= class extends Event {
  readonly clipboardData = null;
} as unknown as typeof ClipboardEvent;

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  authStore.clear();
  await changeLanguage('hr');
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.style.overflow = '';
});
