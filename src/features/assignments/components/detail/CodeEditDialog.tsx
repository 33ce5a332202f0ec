import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { toastSuccess } from '../../../../ui/surfaces';
import { editAssignment } from '../../detail.store';
import { type CodeAvailability, JoinCodeField } from './JoinCodeField';

/** Edit the join code: Change is enabled only once the new code is available (spec 02 §4, §5). */
export function CodeEditDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation('assignment');
  const [code, setCode] = useState(current);
  const [availability, setAvailability] = useState<CodeAvailability>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const outcome = await editAssignment({ code });
    setBusy(false);
    if (outcome === 'failed') return;
    toastSuccess(t(outcome === 'done' ? 'toast.codeUpdated' : 'offline.queued'));
    onClose();
  };
  return (
    <Dialog
      title={t('invite.editTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button busy={busy} disabled={availability !== 'available'} onClick={() => void save()}>
            {t('invite.change')}
          </Button>
        </>
      }
    >
      <JoinCodeField
        current={current}
        value={code}
        onChange={(next, state) => {
          setCode(next);
          setAvailability(state);
        }}
      />
    </Dialog>
  );
}
