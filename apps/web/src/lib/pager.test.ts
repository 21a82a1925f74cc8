import { describe, expect, it } from 'vitest';
import { pagerPages } from './pager';

describe('pager numbers (spec point 9: current ±2)', () => {
  it('shows the current page and two on either side', () => {
    expect(pagerPages(5, 20)).toEqual([3, 4, 5, 6, 7]);
  });

  it('cuts the window at the first and the last page', () => {
    expect(pagerPages(0, 20)).toEqual([0, 1, 2]);
    expect(pagerPages(1, 20)).toEqual([0, 1, 2, 3]);
    expect(pagerPages(19, 20)).toEqual([17, 18, 19]);
    expect(pagerPages(2, 3)).toEqual([0, 1, 2]);
  });

  it('has one page for a short list and none for an empty one', () => {
    expect(pagerPages(0, 1)).toEqual([0]);
    expect(pagerPages(0, 0)).toEqual([]);
  });
});
