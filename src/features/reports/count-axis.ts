/**
 * The y axis of a chart of counts (statements, interactions): from 0, whole numbers only. ApexCharts
 * otherwise scales around the data: one day of 1,010 interactions drew an axis of 1009–1011 with
 * ticks at 1009.5, and small counts got half steps.
 */
export function countAxis(values: number[], format: (v: number) => string = String) {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  return {
    min: 0,
    // At most 5 steps, and no more steps than whole numbers up to the top.
    tickAmount: Math.max(1, Math.min(5, Math.ceil(max))),
    ...(max === 0 ? { max: 1 } : {}),
    forceNiceScale: true,
    labels: { formatter: (v: number) => format(Math.round(v)) },
  };
}
