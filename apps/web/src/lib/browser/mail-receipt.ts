import { api } from '@kanal/contract';
import { call } from '@/lib/api-client';

/**
 * An e-mailed notice's link carries its receipt (`?receipt=`): arriving by it is the notice opened, for
 * its sender's statistics. Reported once, before the router reads the address, which keeps only the
 * item's own. A lost report loses only a figure, so a failure is not the person's concern.
 */
export function reportOpenedFromMail() {
  const url = new URL(window.location.href);
  const receipt = url.searchParams.get('receipt');
  if (!receipt) return;
  url.searchParams.delete('receipt');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  call(api.reportReceipt, { body: { receipt, state: 'opened' } }).catch(() => {});
}
