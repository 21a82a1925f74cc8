import { waitFor } from '@testing-library/preact';
import { expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { reportOpenedFromMail } from './mail-receipt';

it('reports the notice opened by the receipt it carries, once, and leaves the item’s own address', async () => {
  const api = fakeApi({ 'POST /notification-receipts': () => ok({ done: true }) });
  window.history.replaceState(null, '', '/content/41/intro?receipt=3.90.potpis&tab=2');
  reportOpenedFromMail();
  expect(`${window.location.pathname}${window.location.search}`).toBe('/content/41/intro?tab=2');
  await waitFor(() =>
    expect(api.find('POST', '/notification-receipts')?.body).toEqual({ receipt: '3.90.potpis', state: 'opened' }),
  );
  reportOpenedFromMail();
  expect(api.calls.filter((c) => c.path === '/notification-receipts')).toHaveLength(1);
});
