import { Link } from 'wouter';
import type { TPlayerClosed } from '../../shared/contract/player';
import { useTranslation } from '../i18n';

/** Why a paused, locked, ended or not yet started assignment cannot be run (the server refuses too). */
export function Closed({ reason, back }: { reason: TPlayerClosed; back?: string }) {
  const { t } = useTranslation('player');
  return (
    <div className="pl-card" role="alert" data-testid="closed">
      <p>{t(`closed.${reason}`)}</p>
      {back && <Link href={back}>{t('closed.back')}</Link>}
    </div>
  );
}
