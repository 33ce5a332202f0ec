import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuItem {
  key: string;
  label?: string;
  hint?: string;
  checked?: boolean;
  separator?: boolean;
  disabled?: boolean;
  onSelect?: () => void;
}

/** Drop-down menu: opens on click, arrow keys move, Enter selects, Escape and outside clicks close. */
export function Menu({
  label,
  trigger,
  items,
  align = 'end',
  current,
}: {
  label: string;
  /** The text the trigger shows (the current choice): part of its name, as WCAG 2.5.3 asks. */
  current?: string;
  trigger: ReactNode;
  items: MenuItem[];
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    // Near the bottom of the screen (a phone's last rows) the list opens upwards instead of off-screen.
    const list = root.current?.querySelector<HTMLElement>('[role="menu"]');
    if (list && list.getBoundingClientRect().bottom > window.innerHeight)
      list.classList.add('menu__list--up');
    root.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const move = (e: React.KeyboardEvent) => {
    const list = Array.from(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const i = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? (i + 1) % list.length : (i - 1 + list.length) % list.length;
      list[next]?.focus();
    } else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={current ? `${label}: ${current}` : label}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
        {/* Drawn by CSS: a glyph in the text would be read as part of the visible label. */}
        <span className="menu__caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          className={`menu__list menu__list--${align}`}
          onKeyDown={move}
        >
          {items.map((item) =>
            item.separator ? (
              <hr key={item.key} className="menu__separator" />
            ) : (
              <button
                key={item.key}
                type="button"
                {...(item.checked === undefined
                  ? { role: 'menuitem' }
                  : { role: 'menuitemradio', 'aria-checked': item.checked })}
                aria-disabled={item.disabled || undefined}
                className="menu__item"
                onClick={() => {
                  if (item.disabled) return;
                  setOpen(false);
                  item.onSelect?.();
                }}
              >
                <span className="menu__check" aria-hidden="true">
                  {item.checked ? '✓' : ''}
                </span>
                <span className="menu__label">{item.label}</span>
                {item.hint && <span className="menu__hint">{item.hint}</span>}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
