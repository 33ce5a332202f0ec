import { type RefObject, useEffect } from 'react';

/** A pixel of rounding is not more content: a row scrolled to its end can stop at 0.5 px short. */
const SLACK = 1;

/**
 * Marks a horizontally scrolling row with `data-more-before` / `data-more-after` while there is more
 * of it off either edge, so CSS fades that edge (a cut last tab, "Public Acces", gave
 * no hint that the row scrolls; its scrollbar is hidden on touch screens). Measured on scroll and on
 * every resize of the row, never guessed from the viewport width.
 */
export function markOverflow(el: HTMLElement): void {
  const before = el.scrollLeft > SLACK;
  const after = el.scrollLeft + el.clientWidth < el.scrollWidth - SLACK;
  el.toggleAttribute('data-more-before', before);
  el.toggleAttribute('data-more-after', after);
}

/** Keeps a row's overflow marks current, and brings its selected item into view when it changes. */
export function useScrollHint(ref: RefObject<HTMLElement | null>, selected?: string): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const mark = () => markOverflow(el);
    mark();
    el.addEventListener('scroll', mark, { passive: true });
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(mark);
    watch?.observe(el);
    return () => {
      el.removeEventListener('scroll', mark);
      watch?.disconnect();
    };
  }, [ref]);

  useEffect(() => {
    if (selected === undefined) return;
    const item = ref.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    item?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [ref, selected]);
}
