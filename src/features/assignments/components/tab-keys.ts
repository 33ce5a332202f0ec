import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End move between the tabs of a tablist and select the one reached (the
 * WAI-ARIA tabs pattern with automatic activation).
 */
export function tabKeys<T>(tabs: readonly T[], current: T, select: (tab: T) => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const i = tabs.indexOf(current);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    select(tabs[next]);
    const buttons = e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]');
    buttons[next]?.focus();
  };
}
