/**
 * Score colour (spec 02 §5): good when raw is at least half of max plus 1, otherwise warning.
 * A missing or non-positive max, or a missing raw score, means there is no score to judge.
 */
export function scoreTone(raw?: number | null, max?: number | null): 'good' | 'warning' | 'none' {
  if (max === null || max === undefined || !Number.isFinite(max) || max <= 0) return 'none';
  if (raw === null || raw === undefined || Number.isNaN(raw)) return 'none';
  return raw >= max / 2 + 1 ? 'good' : 'warning';
}

/** Participant interaction badge colour: 0 neutral, below 40 red, below 70 yellow, else green. */
export function interactionTone(n: number): 'neutral' | 'red' | 'yellow' | 'green' {
  // Negative or NaN counts cannot happen legitimately; show them like no interactions.
  if (!(n > 0)) return 'neutral';
  if (n < 40) return 'red';
  if (n < 70) return 'yellow';
  return 'green';
}

/** Count label capped for badges: 1000 → '999+'. */
export function capCount(n: number, cap = 999): string {
  if (Number.isNaN(n)) return '0';
  return n > cap ? `${cap}+` : String(n);
}

/** Whole-number completion percent, clamped to 0..100; 0 when there is nothing to complete. */
export function completionPercent(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}
