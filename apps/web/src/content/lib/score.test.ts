import { describe, expect, it } from 'vitest';
import { markPercent, scoreTone } from './score';

describe('score bar colour (spec point 9)', () => {
  it('is red under 33 %, yellow from 33 to 70 %, green over 70 %', () => {
    expect(scoreTone(0)).toBe('low');
    expect(scoreTone(32)).toBe('low');
    expect(scoreTone(33)).toBe('medium');
    expect(scoreTone(70)).toBe('medium');
    expect(scoreTone(71)).toBe('high');
    expect(scoreTone(100)).toBe('high');
  });

  it('shows the mark as a whole percent', () => {
    expect(markPercent(2 / 3)).toBe(67);
    expect(markPercent(0.325)).toBe(33);
    expect(markPercent(1)).toBe(100);
  });
});
