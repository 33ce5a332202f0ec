import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * How many of the sections fit in a row `available` pixels wide, measured (at 1440 px
 * the last three slid under the credit chip behind a hidden scrollbar). All of them when all fit;
 * otherwise as many as fit beside the More button, which then lists the rest.
 */
export function fitCount(widths: number[], available: number, moreWidth: number, gap: number): number {
  const span = (n: number) => widths.slice(0, n).reduce((s, w) => s + w, 0) + gap * Math.max(0, n - 1);
  if (span(widths.length) <= available) return widths.length;
  let n = widths.length - 1;
  while (n > 0 && span(n) + gap + moreWidth > available) n--;
  return n;
}

/**
 * Keeps `fitCount` current for a row: `row` is the space the sections may take, `ruler` a hidden copy
 * of every section (its children's widths) and the More button (its last child). Re-measured when the
 * row is resized, and when the texts change (another language).
 */
export function useNavFit(
  row: RefObject<HTMLElement | null>,
  ruler: RefObject<HTMLElement | null>,
  count: number,
  texts: string,
): number {
  const [fit, setFit] = useState(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new texts (a language) have new widths
  useLayoutEffect(() => {
    const el = row.current;
    const measure = () => {
      const items = Array.from(ruler.current?.children ?? []) as HTMLElement[];
      if (!el || items.length < count + 1) return;
      const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
      const widths = items.slice(0, count).map((i) => i.getBoundingClientRect().width);
      const more = items[count].getBoundingClientRect().width;
      setFit(fitCount(widths, el.clientWidth, more, gap));
    };
    measure();
    if (!el || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, [row, ruler, count, texts]);
  return fit;
}
