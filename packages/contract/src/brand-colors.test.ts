import { describe, expect, it } from 'vitest';
import {
  ACCENT_MIN_CONTRAST,
  accentContrast,
  BACKGROUND_COLOR,
  brandPalette,
  contrastRatio,
  DEFAULT_PRIMARY_COLOR,
  darkerShadeThatPasses,
  formatContrast,
  HexColorSchema,
  PRIMARY_MIN_CONTRAST,
  primaryContrast,
  SURFACE_COLOR,
} from './brand-colors.js';

describe("an organisation's colours", () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('takes #rrggbb in any case, stores it in lower case, and refuses anything else', () => {
    expect(HexColorSchema.parse(' #1D5FA8 ')).toBe('#1d5fa8');
    for (const wrong of ['1d5fa8', '#1d5fa', '#1d5fa80', 'blue', '#gggggg', 'rgb(0,0,0)']) {
      const result = HexColorSchema.safeParse(wrong);
      expect(result.error?.issues[0]?.message).toBe('validation.colorFormat');
    }
  });

  it('draws a darker hover and a light tint from the primary, and the accent falls back to it', () => {
    const palette = brandPalette('#0a7d4b', null);
    expect(palette).toEqual({ primary: '#0a7d4b', primaryHover: '#08643c', primarySoft: '#e7f2ed', accent: '#0a7d4b' });
    expect(brandPalette(null, '#c2410c').primary).toBe(DEFAULT_PRIMARY_COLOR);
    expect(brandPalette(null, '#c2410c').accent).toBe('#c2410c');
  });

  it('passes the product’s own primary, and refuses a primary too light for text on any surface', () => {
    expect(primaryContrast(DEFAULT_PRIMARY_COLOR)).toBeGreaterThanOrEqual(PRIMARY_MIN_CONTRAST);
    // Yellow: 1.9:1 on white, far from readable.
    expect(primaryContrast('#f2c200')).toBeLessThan(2);
    // #767676 passes on white (4.54) but not on the page's grey background or its own tint.
    expect(contrastRatio('#767676', SURFACE_COLOR)).toBeGreaterThan(PRIMARY_MIN_CONTRAST);
    expect(contrastRatio('#767676', BACKGROUND_COLOR)).toBeLessThan(PRIMARY_MIN_CONTRAST);
    expect(primaryContrast('#767676')).toBeLessThan(PRIMARY_MIN_CONTRAST);
  });

  it('checks an accent against the tint of the primary it is drawn beside', () => {
    // A mid orange is a fine accent next to the product's blue (3:1 is for graphics, not text).
    expect(accentContrast('#c2410c', null)).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST);
    expect(accentContrast('#fdba74', null)).toBeLessThan(ACCENT_MIN_CONTRAST);
    // The track is the primary's tint: a darker primary's tint is darker, so the same accent fares worse.
    expect(accentContrast('#c2410c', '#111111')).toBeLessThan(accentContrast('#c2410c', null));
  });

  it('offers the lightest darker shade that passes, and black past every step', () => {
    const passes = (hex: string) => primaryContrast(hex) >= PRIMARY_MIN_CONTRAST;
    const offered = darkerShadeThatPasses('#f2c200', passes);
    expect(passes(offered)).toBe(true);
    expect(offered).not.toBe('#000000');
    // The lightest that passes: a step of 2.5 % more black moves the contrast by well under a half.
    expect(primaryContrast(offered)).toBeLessThan(PRIMARY_MIN_CONTRAST + 0.5);
    expect(darkerShadeThatPasses('#ffffff', () => false)).toBe('#000000');
  });

  it('writes a ratio in the reader’s numbers, never rounded up to a pass', () => {
    expect(formatContrast(4.4999, 'en')).toBe('4.4:1');
    expect(formatContrast(4.4999, 'hr')).toBe('4,4:1');
    expect(formatContrast(3, 'hr')).toBe('3,0:1');
  });
});
