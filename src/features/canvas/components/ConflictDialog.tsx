import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { editor } from '../store/canvas.store';
import { loadServerVersion, overwriteServer, saveMineAsCopy } from '../store/conflict.actions';

type TChoice = 'load' | 'overwrite' | 'copy';

/** A 409 on save (or unsaved work here based on an older revision): the teacher decides, nothing is lost. */
export function ConflictDialog({ orgCode }: { orgCode: string }) {
  const { t, i18n } = useTranslation();
  const { conflict, name } = useSnapshot(editor);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<TChoice | null>(null);
  if (!conflict) return null;

  const run = async (choice: TChoice) => {
    setBusy(choice);
    try {
      if (choice === 'load') await loadServerVersion();
      if (choice === 'overwrite') await overwriteServer();
      if (choice === 'copy') {
        const copy = await saveMineAsCopy(t('canvas.conflict.copyName', { name }));
        toastSuccess(t('canvas.conflict.copied'));
        navigate(`/${orgCode}/projects/${copy.projectId ?? 'no-project'}/flows/${copy.id}`);
      }
    } catch {
      toastError(t('canvas.conflict.failed'));
    } finally {
      setBusy(null);
    }
  };

  const when = new Date(conflict.current.updatedAt).toLocaleString(i18n.language);
  return (
    <Dialog
      alert
      wide
      title={t('canvas.conflict.title')}
      footer={
        <>
          <Button variant="secondary" busy={busy === 'copy'} disabled={!!busy} onClick={() => run('copy')}>
            {t('canvas.conflict.copy')}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'overwrite'}
            disabled={!!busy}
            onClick={() => run('overwrite')}
          >
            {t('canvas.conflict.overwrite')}
          </Button>
          <Button busy={busy === 'load'} disabled={!!busy} onClick={() => run('load')}>
            {t('canvas.conflict.load')}
          </Button>
        </>
      }
    >
      <p>{t(conflict.localOnly ? 'canvas.conflict.localMessage' : 'canvas.conflict.message', { when })}</p>
      <ul className="conflict-options">
        <li>
          <strong>{t('canvas.conflict.load')}</strong> — {t('canvas.conflict.loadHint')}
        </li>
        <li>
          <strong>{t('canvas.conflict.overwrite')}</strong> — {t('canvas.conflict.overwriteHint')}
        </li>
        <li>
          <strong>{t('canvas.conflict.copy')}</strong> — {t('canvas.conflict.copyHint')}
        </li>
      </ul>
    </Dialog>
  );
}
