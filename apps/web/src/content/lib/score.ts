/** Spec point 9: the score bar is red under 33 %, green over 70 %, yellow in between. */
export type ScoreTone = 'low' | 'medium' | 'high';

export function scoreTone(percent: number): ScoreTone {
  if (percent < 33) return 'low';
  if (percent > 70) return 'high';
  return 'medium';
}

/** A final mark (0..1) as the whole percent the card shows. */
export const markPercent = (finalMark: number) => Math.round(finalMark * 100);
