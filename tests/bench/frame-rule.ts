/**
 * Targets for figures measured in whole frames. requestAnimationFrame deltas come in frames of
 * 16.7 ms with vsync jitter (16.6–16.9 ms for one frame in headless Chromium), so "the next frame" is
 * judged as at most one frame plus half a millisecond, and the target column prints that rule with
 * its number. A figure past it (19.4 ms is a late frame) is over target, never "within target".
 */
export const FRAME_MS = 16.7;
const JITTER_MS = 0.5;

export type TFrameRule = { frames: number; limitMs: number; label: string };

export function frameRule(frames: number): TFrameRule {
  const limitMs = Math.round((frames * FRAME_MS + JITTER_MS) * 10) / 10;
  const what = frames === 1 ? 'next frame' : `${frames} frames`;
  return { frames, limitMs, label: `${what}: ≤ ${limitMs.toFixed(1)} ms` };
}

/** The target column and the status of one figure: a plain limit in ms, or a frame rule. */
export function judge(value: number, target: number | TFrameRule | undefined) {
  if (target === undefined) return { target: '', withinTarget: null };
  if (typeof target === 'number')
    return { target: `≤ ${target.toFixed(1)} ms`, withinTarget: value <= target };
  return { target: target.label, withinTarget: value <= target.limitMs };
}
