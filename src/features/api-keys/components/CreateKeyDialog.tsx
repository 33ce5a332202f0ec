import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX } from '../../../shared/contract/api-keys';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toastSuccess } from '../../../ui/surfaces';
import { apiKeysApi } from '../api-keys.api';

/** Name a key, then show its secret once with Copy: it cannot be seen again. */
export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('task');
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const res = await apiKeysApi.create(name.trim());
      setSecret(res.data.apiKey);
      toastSuccess(t('keys.created'));
      onCreated();
    } catch {
      // The api-client said why.
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  if (secret) {
    return (
      <Dialog
        title={t('keys.revealTitle')}
        onClose={onClose}
        footer={<Button onClick={onClose}>{t('keys.done')}</Button>}
      >
        <p role="alert">{t('keys.revealWarning')}</p>
        <div className="key-secret">
          <code data-testid="api-key-secret">{secret}</code>
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            {copied ? `✓ ${t('keys.copied')}` : t('keys.copy')}
          </Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t('keys.createTitle')}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void create()} disabled={!name.trim()} busy={busy}>
            {t('keys.create')}
          </Button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={id}>{t('keys.name')}</label>
        <input
          id={id}
          className="input"
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) void create();
          }}
        />
      </div>
    </Dialog>
  );
}
