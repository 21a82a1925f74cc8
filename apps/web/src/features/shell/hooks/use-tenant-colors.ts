import { brandPalette, type Me } from '@kanal/contract';
import { useEffect } from 'react';

/**
 * The organisation's colours over the product's (tokens.css): set on the root element while someone of an
 * organisation that has them is signed in, taken away when they sign out. The server refused any colour that
 * would not keep AA contrast on these surfaces, so nothing here has to check again.
 */
export function useTenantColors(tenant: Pick<Me['tenant'], 'primaryColor' | 'accentColor'> | undefined) {
  const primary = tenant?.primaryColor ?? null;
  const accent = tenant?.accentColor ?? null;
  useEffect(() => {
    if (primary === null && accent === null) return;
    const palette = brandPalette(primary, accent);
    const properties = {
      '--color-primary': palette.primary,
      '--color-primary-hover': palette.primaryHover,
      '--color-primary-soft': palette.primarySoft,
      '--color-accent': palette.accent,
    };
    // Through the CSSOM, which the style-src policy allows (a style attribute it would not).
    const { style } = document.documentElement;
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(properties)) style.removeProperty(name);
    };
  }, [primary, accent]);
}
