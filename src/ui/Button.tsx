import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './connection';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
  size?: 'md' | 'sm';
  /** Only the server can do this (create, import…): offline the button is disabled and says why. */
  needsConnection?: boolean;
}

/** The one button. `busy` disables it and shows a spinner, keeping its width stable. */
export function Button({ needsConnection = false, ...props }: ButtonProps) {
  return needsConnection ? <OnlineButton {...props} /> : <PlainButton {...props} />;
}

function OnlineButton({ children, disabled, ...rest }: ButtonProps) {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online)
    return (
      <PlainButton {...rest} disabled={disabled}>
        {children}
      </PlainButton>
    );
  const note = t('offline.needsConnection');
  return (
    <PlainButton {...rest} disabled title={note} data-offline="">
      {children}
      <span className="btn__note">{note}</span>
    </PlainButton>
  );
}

function PlainButton({
  variant = 'primary',
  busy = false,
  size = 'md',
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
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
