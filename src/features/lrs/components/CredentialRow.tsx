import { useTranslation } from 'react-i18next';
import type { TLrsCredential } from '../../../shared/contract/lrs';
import { Button } from '../../../ui/Button';

export function CredentialRow({
  credential,
  busy,
  onRevoke,
}: {
  credential: TLrsCredential;
  busy: boolean;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation('lrs');
  const created = new Date(credential.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="lrs-row" data-testid="lrs-credential">
      <div className="lrs-row__main">
        <span className="lrs-row__name">{credential.name}</span>
        <span className="lrs-row__meta">
          <code>{credential.key}</code> · {t('createdOn', { date: created })}
        </span>
      </div>
      <Button
        variant="ghost"
        size="sm"
        busy={busy}
        onClick={onRevoke}
        aria-label={t('revokeLabel', { name: credential.name })}
      >
        {t('revoke')}
      </Button>
    </li>
  );
}
