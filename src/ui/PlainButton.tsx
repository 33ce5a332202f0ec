import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
  size?: 'md' | 'sm';
}

/**
 * The button itself, with no i18n or connection state: the learner player's light entry uses it
 * directly; the app's `Button` adds "needs a connection" on top.
 */
export function PlainButton({
  variant = 'primary',
  busy = false,
  size = 'md',
  className,
  children,
  disabled,
  ...rest
}: PlainButtonProps) {
  const cls = ['btn', `btn--${variant}`, size === 'sm' ? 'btn--sm' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
