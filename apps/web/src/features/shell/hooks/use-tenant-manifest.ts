import { API_PREFIX, api } from '@kanal/contract';
import { useEffect } from 'react';
import { pathOf } from '@/lib/api-path';
import { useFirstScreenSettled } from '@/lib/browser/first-screen-settled';

/** The tenant's manifest: the product's, with the tenant's name and logo. */
const TENANT_MANIFEST = `${API_PREFIX}${pathOf(api.webManifest)}`;

/**
 * While someone is signed in, the app installs as their organisation's: the page's manifest link names
 * the tenant's manifest, which the browser fetches with the session cookie (hence `use-credentials`).
 * Signing out puts the product's manifest back.
 */
export function useTenantManifest(signedIn: boolean) {
  // Not before the first screen is in: a change of the link has the browser fetch the manifest at once.
  const settled = useFirstScreenSettled();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const product = link?.getAttribute('href');
    if (!signedIn || !settled || !link || !product) return;
    link.crossOrigin = 'use-credentials';
    link.href = TENANT_MANIFEST;
    return () => {
      link.removeAttribute('crossorigin');
      link.setAttribute('href', product);
    };
  }, [signedIn, settled]);
}
