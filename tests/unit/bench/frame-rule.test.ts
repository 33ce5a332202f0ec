import { describe, expect, it } from 'vitest';
import { frameRule, judge } from '../../bench/frame-rule';

describe('the bench status column for frame figures', () => {
  it('never calls a figure over its printed target within target', () => {
    const rule = frameRule(1);
    for (const value of [17.3, 19.4, 20.4, 33.3]) {
      const r = judge(value, rule);
      expect(r.withinTarget, `${value} ms against "${r.target}"`).toBe(false);
      expect(Number(/≤ ([\d.]+) ms/.exec(r.target)?.[1])).toBeLessThan(value);
    }
  });

  it('prints the next-frame rule as the target and keeps one frame with its vsync jitter within it', () => {
    const r = judge(16.8, frameRule(1));
    expect(r).toEqual({ target: 'next frame: ≤ 17.2 ms', withinTarget: true });
    expect(judge(33.4, frameRule(2))).toEqual({ target: '2 frames: ≤ 33.9 ms', withinTarget: true });
    expect(judge(50, frameRule(2)).withinTarget).toBe(false);
  });

  it('compares a plain limit exactly, and a figure without a target has no status', () => {
    expect(judge(1000.1, 1000)).toEqual({ target: '≤ 1000.0 ms', withinTarget: false });
    expect(judge(999, 1000).withinTarget).toBe(true);
    expect(judge(5, undefined)).toEqual({ target: '', withinTarget: null });
  });
});
