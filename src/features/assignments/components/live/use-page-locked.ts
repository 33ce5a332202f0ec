import { useEffect } from 'react';

/**
 * The page under a full-screen overlay stays still while it is open: no scroll bar of the page beside
 * the projector's screen, a swipe on the teacher's tablet never scrolls the assignment behind it, and
 * the document is no taller than the screen (nothing of the page below it, even in a capture of the
 * whole page).
 */
export function usePageLocked(): void {
  useEffect(() => {
    const held = [document.documentElement, document.body].map((el) => {
      const before = { overflow: el.style.overflow, height: el.style.height };
      el.style.overflow = 'hidden';
      el.style.height = '100%';
      return () => Object.assign(el.style, before);
    });
    return () => {
      for (const restore of held) restore();
    };
  }, []);
}
