/**
 * The cutoff of an LRS retention: what was stored (or, for documents, last written) before it is
 * deleted. Shared so that the settings screen shows the date the server's sweep will use.
 */

/** Calendar months back from `now` (UTC): 3 months before 31 May is 28 (or 29) February, not 3 March. */
export function retentionCutoff(now: Date, months: number): Date {
  const cut = new Date(now);
  const day = cut.getUTCDate();
  cut.setUTCDate(1);
  cut.setUTCMonth(cut.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cut.getUTCFullYear(), cut.getUTCMonth() + 1, 0)).getUTCDate();
  cut.setUTCDate(Math.min(day, lastDay));
  return cut;
}
