import { describe, expect, it } from 'vitest';
import { fitCount } from '../../src/app/layout/nav-fit';

// Seven sections as wide as their English labels in the navbar (Explore … AI Flow Generator).
const WIDTHS = [95, 118, 86, 122, 130, 74, 170];
const GAP = 4;
const MORE = 80;
const ALL = WIDTHS.reduce((s, w) => s + w, 0) + GAP * (WIDTHS.length - 1);

describe('navbar sections that fit', () => {
  it('shows every section when the row holds them all, with no More', () => {
    expect(fitCount(WIDTHS, ALL, MORE, GAP)).toBe(7);
  });

  it('moves the sections that do not fit into More, leaving room for its button', () => {
    // One pixel short of all seven: the last goes to More, which is narrower than it.
    expect(fitCount(WIDTHS, ALL - 1, MORE, GAP)).toBe(6);
    // A More button wider than the last section: the sixth has to make room for it too.
    expect(fitCount(WIDTHS, ALL - 1, 200, GAP)).toBe(5);
    const four = WIDTHS.slice(0, 4).reduce((s, w) => s + w, 0) + 3 * GAP;
    expect(fitCount(WIDTHS, four + GAP + MORE, MORE, GAP)).toBe(4);
    expect(fitCount(WIDTHS, four + GAP + MORE - 1, MORE, GAP)).toBe(3);
  });

  it('puts everything in More when even one section and More do not fit', () => {
    expect(fitCount(WIDTHS, 60, MORE, GAP)).toBe(0);
    expect(fitCount(WIDTHS, 0, MORE, GAP)).toBe(0);
  });
});
