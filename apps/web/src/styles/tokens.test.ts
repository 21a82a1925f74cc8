import { readFileSync } from 'node:fs';
import { BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR, SURFACE_COLOR } from '@kanal/contract';
import { describe, expect, it } from 'vitest';

// A path, not a URL: jsdom's URL class is not the one Node's fs takes.
const tokens = readFileSync(`${import.meta.dirname}/tokens.css`, 'utf8');

describe('the design tokens', () => {
  // The contract measures an organisation's colours against these surfaces (brand-colors.ts): they must be the ones drawn.
  it('have the surfaces and the primary colour the contract measures brand colours against', () => {
    const token = (name: string) => tokens.match(new RegExp(`--${name}: (#[0-9a-f]{6});`))?.[1];
    expect(token('color-surface')).toBe(SURFACE_COLOR);
    expect(token('color-bg')).toBe(BACKGROUND_COLOR);
    expect(token('color-primary')).toBe(DEFAULT_PRIMARY_COLOR);
  });
});
