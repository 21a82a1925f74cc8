import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// The module listens for the page's load as it is imported (the app's set-up has imported it already): each
// test imports it afresh. The hook over it is the bell's (bell-waits.test.tsx, notifications.test.tsx).
beforeEach(() => vi.resetModules());
afterEach(() => vi.restoreAllMocks());

it('settles once the page has loaded and the browser has had a moment since, not before', async () => {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  const { firstScreenSettled } = await import('./first-screen-settled');
  const settled = vi.fn();
  void firstScreenSettled.then(settled);

  await Promise.resolve();
  expect(idle).toHaveLength(0);
  window.dispatchEvent(new Event('load'));
  // Loaded, but the browser has not had its moment yet.
  expect(idle).toHaveLength(1);
  await Promise.resolve();
  expect(settled).not.toHaveBeenCalled();

  idle[0]?.();
  await firstScreenSettled;
  expect(settled).toHaveBeenCalledOnce();
});

it('on a page already loaded, at the next moment to spare', async () => {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  const { firstScreenSettled } = await import('./first-screen-settled');
  expect(idle).toHaveLength(1);
  idle[0]?.();
  await expect(firstScreenSettled).resolves.toBeUndefined();
});
