/** One figure a bench prints. Benchmarks report; they never pass or fail (ARCHITECTURE §7). */
export interface BenchRow {
  figure: string;
  value: string;
  target: string;
  /** Whether the figure is within its target; null when there is no target or no figure. */
  withinTarget: boolean | null;
  /** Extra lines printed under the table (per-file sizes, samples…). */
  notes?: string[];
}

export interface Bench {
  /** Short id used by the filter: `npm run bench -- startup`. */
  name: string;
  run(): Promise<BenchRow[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile (nearest rank) of the values, in any order. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
