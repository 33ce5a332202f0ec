import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX, type TApiKey } from '../../../shared/contract/api-keys';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toastSuccess } from '../../../ui/surfaces';
import { apiKeysApi } from '../api-keys.api';

/**
 * Renames a key (PUT /api/api-keys/{id}, spec 03 §7). The dialog focuses the name, Enter saves and
 * Escape closes; the secret and balance are untouched, so integrations keep working.
 */
export function RenameKeyDialog({
  apiKey,
  onClose,
  onRenamed,
}: {
  apiKey: TApiKey;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const { t } = useTranslation('task');
  const id = useId();
  const [name, setName] = useState(apiKey.name);
  const [busy, setBusy] = useState(false);
  const next = name.trim();
  const canSave = next !== '' && next !== apiKey.name && !busy;

  const save = async () => {
    if (!canSave) return;
    setBusy(true);
    try {
      await apiKeysApi.rename(apiKey._id, next);
      toastSuccess(t('keys.renamed'));
      onRenamed();
      onClose();
    } catch {
      // The api-client said why; the dialog stays open with what was typed.
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('keys.renameTitle')}
      onClose={busy ? undefined : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!canSave} busy={busy}>
            {t('keys.renameSave')}
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
            if (e.key === 'Enter') void save();
          }}
        />
      </div>
    </Dialog>
  );
}
