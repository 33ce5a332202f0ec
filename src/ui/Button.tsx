import { useTranslation } from 'react-i18next';
import { useOnline } from './connection';
import { PlainButton, type PlainButtonProps } from './PlainButton';

export interface ButtonProps extends PlainButtonProps {
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
