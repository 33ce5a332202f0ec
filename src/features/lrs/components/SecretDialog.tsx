import { useTranslation } from 'react-i18next';
import type { TCreatedLrsCredential } from '../../../shared/contract/lrs';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CopyField } from './CopyField';

/** Shown once after creating credentials: the only time the secret can be read. */
export function SecretDialog({ created, onClose }: { created: TCreatedLrsCredential; onClose: () => void }) {
  const { t } = useTranslation('lrs');
  return (
    <Dialog
      title={t('secretTitle', { name: created.name })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('secretDone')}</Button>}
    >
      <p className="lrs-warning" role="note">
        {t('secretWarning')}
      </p>
      <CopyField label={t('endpoint')} value={created.endpoint} />
      <CopyField label={t('key')} value={created.key} />
      <CopyField label={t('secret')} value={created.secret} secret />
    </Dialog>
  );
}
