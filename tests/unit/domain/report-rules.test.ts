import { describe, expect, it } from 'vitest';
import {
  capCount,
  completionPercent,
  interactionTone,
  scoreTone,
} from '../../../src/shared/domain/report-rules';

describe('scoreTone', () => {
  it('is good from half of max plus 1', () => {
    expect(scoreTone(6, 10)).toBe('good');
    expect(scoreTone(5.99, 10)).toBe('warning');
    expect(scoreTone(10, 10)).toBe('good');
    expect(scoreTone(0, 10)).toBe('warning');
    expect(scoreTone(2, 3)).toBe('warning');
    expect(scoreTone(3, 3)).toBe('good');
  });

  it('is none when max is 0, missing or negative, or raw is missing', () => {
    expect(scoreTone(5, 0)).toBe('none');
    expect(scoreTone(5, null)).toBe('none');
    expect(scoreTone(5)).toBe('none');
    expect(scoreTone(5, -10)).toBe('none');
    expect(scoreTone(null, 10)).toBe('none');
    expect(scoreTone(undefined, 10)).toBe('none');
  });
});

describe('interactionTone', () => {
  it('uses the 40 and 70 bands', () => {
    expect(interactionTone(0)).toBe('neutral');
    expect(interactionTone(1)).toBe('red');
    expect(interactionTone(39)).toBe('red');
    expect(interactionTone(40)).toBe('yellow');
    expect(interactionTone(69)).toBe('yellow');
    expect(interactionTone(70)).toBe('green');
    expect(interactionTone(5000)).toBe('green');
  });

  it('treats negative and NaN as neutral', () => {
    expect(interactionTone(-3)).toBe('neutral');
    expect(interactionTone(Number.NaN)).toBe('neutral');
  });
});

describe('capCount', () => {
  it('caps above 999 by default', () => {
    expect(capCount(0)).toBe('0');
    expect(capCount(999)).toBe('999');
    expect(capCount(1000)).toBe('999+');
    expect(capCount(Infinity)).toBe('999+');
    expect(capCount(Number.NaN)).toBe('0');
  });

  it('honours a custom cap', () => {
    expect(capCount(5, 3)).toBe('3+');
    expect(capCount(3, 3)).toBe('3');
  });
});

describe('completionPercent', () => {
  it('computes a rounded percentage', () => {
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(2, 3)).toBe(67);
    expect(completionPercent(5, 5)).toBe(100);
  });

  it('caps at 100 and is 0 for no total or no progress', () => {
    expect(completionPercent(12, 5)).toBe(100);
    expect(completionPercent(3, 0)).toBe(0);
    expect(completionPercent(0, 10)).toBe(0);
    expect(completionPercent(-2, 10)).toBe(0);
    expect(completionPercent(Number.NaN, 10)).toBe(0);
  });
});
