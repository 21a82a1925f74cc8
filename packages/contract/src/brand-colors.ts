import * as z from 'zod/mini';
import type { Language } from './constants.js';

/**
 * An organisation's colours (issue 34): a primary colour for buttons, links and selections, and an optional
 * accent for progress bars and unread marks. The web app and the e-mails derive the rest of the palette from
 * them here, and the same figures decide which colours are refused, so what is checked is what is drawn.
 */

/** `#rrggbb`, lower case: the one form stored and sent. */
export const HexColorSchema = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.regex(/^#[0-9a-f]{6}$/, { error: 'validation.colorFormat' }));

/** The surfaces brand colours are drawn on: cards and the page behind them (tokens.css has the same). */
export const SURFACE_COLOR = '#ffffff';
export const BACKGROUND_COLOR = '#f4f6f9';
/** The product's own primary colour (tokens.css `--color-primary`), used where an organisation sets none. */
export const DEFAULT_PRIMARY_COLOR = '#1d5fa8';

/** WCAG AA: the primary colour is text (links, outlined buttons) and carries white text (filled buttons). */
export const PRIMARY_MIN_CONTRAST = 4.5;
/** WCAG AA for graphics that carry meaning (a progress bar's fill, an unread dot): 3:1. */
export const ACCENT_MIN_CONTRAST = 3;

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** `weight` of `a` and the rest of `b`, channel by channel. */
const mix = (a: string, b: string, weight: number) => {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  return hexOf([0, 1, 2].map((i) => (x[i] ?? 0) * weight + (y[i] ?? 0) * (1 - weight)) as Rgb);
};

/** Relative luminance, as WCAG 2 defines it. */
function luminance(hex: string) {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string) {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The palette drawn from an organisation's colours: a darker primary for hovers and text on the soft tint, a
 * light tint of it for selections and tracks, and the accent (the primary where none is set).
 */
export function brandPalette(primary: string | null, accent: string | null) {
  const main = primary ?? DEFAULT_PRIMARY_COLOR;
  return {
    primary: main,
    primaryHover: mix(main, '#000000', 0.8),
    primarySoft: mix(main, SURFACE_COLOR, 0.1),
    accent: accent ?? main,
  };
}

/** The lowest contrast the primary colour has on any surface it is drawn on, its own tint included. */
export const primaryContrast = (primary: string) =>
  Math.min(
    ...[SURFACE_COLOR, BACKGROUND_COLOR, brandPalette(primary, null).primarySoft].map((s) => contrastRatio(primary, s)),
  );

/** The lowest contrast the accent has on any surface it is drawn on (a progress bar's track is the primary's tint). */
export const accentContrast = (accent: string, primary: string | null) =>
  Math.min(
    ...[SURFACE_COLOR, BACKGROUND_COLOR, brandPalette(primary, null).primarySoft].map((s) => contrastRatio(accent, s)),
  );

/**
 * The lightest darker shade of `hex` that `passes`: what the console offers instead of a colour that is too
 * light. Black passes every check there is.
 */
export function darkerShadeThatPasses(hex: string, passes: (candidate: string) => boolean) {
  for (let step = 1; step < 40; step += 1) {
    const candidate = mix(hex, '#000000', 1 - step * 0.025);
    if (passes(candidate)) return candidate;
  }
  return '#000000';
}

/** A contrast ratio in the reader's numbers, rounded down to one decimal: a refusal never reads as a pass. */
export const formatContrast = (ratio: number, lang: Language) =>
  `${new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.floor(ratio * 10) / 10)}:1`;
