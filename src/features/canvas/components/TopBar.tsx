import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { offerFlowExport } from '../../../ui/download';
import { editor } from '../store/canvas.store';
import { finishEditing } from '../store/edit.actions';
import { redo, undo } from '../store/history.actions';
import { saveNow } from '../store/save.actions';
import { NameField } from './NameField';
import { SaveState } from './SaveState';
import { useFlowExport } from './useFlowExport';

export function backPath(orgCode: string, projectId: string): string {
  return projectId === 'no-project'
    ? `/${orgCode}/library/no-project`
    : `/${orgCode}/collections/projects/${projectId}`;
}

const toggleDrawer = (which: 'palette' | 'panel') => {
  editor.drawer = editor.drawer === which ? null : which;
};

/**
 * Back, the flow's name, the save state, undo/redo, Export and Save; on phones also the two drawer
 * buttons. Export is also offered to the app's storage popup while the editor is open.
 */
export function TopBar({ orgCode, projectId }: { orgCode: string; projectId: string }) {
  const { t } = useTranslation();
  const { canUndo, canRedo, saving, pending, drawer, boxSelect, status } = useSnapshot(editor);
  const ready = status === 'ready';
  const exportFlow = useFlowExport();
  useEffect(offerFlowExport, []);
  return (
    <header className="flow-topbar">
      <Link
        href={backPath(orgCode, projectId)}
        className="btn btn--ghost flow-topbar__back"
        aria-label={t('canvas.back')}
      >
        ←<span className="flow-topbar__wide"> {t('canvas.backShort')}</span>
      </Link>
      {ready && <NameField />}
      {ready && <SaveState />}
      <div className="flow-topbar__tools">
        <Button
          variant="secondary"
          size="sm"
          className="flow-topbar__phone"
          aria-pressed={drawer === 'palette'}
          onClick={() => toggleDrawer('palette')}
        >
          {t('canvas.blocks')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={boxSelect}
          title={t('canvas.boxSelectHint')}
          onClick={() => {
            editor.boxSelect = !editor.boxSelect;
          }}
        >
          ⬚<span className="flow-topbar__wide"> {t('canvas.boxSelect')}</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('canvas.undo')}
          title={t('canvas.undo')}
          disabled={!canUndo}
          onClick={undo}
        >
          ↶
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('canvas.redo')}
          title={t('canvas.redo')}
          disabled={!canRedo}
          onClick={redo}
        >
          ↷
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="flow-topbar__phone"
          aria-pressed={drawer === 'panel'}
          onClick={() => toggleDrawer('panel')}
        >
          {t('canvas.properties')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('canvas.export')}
          title={t('canvas.exportHint')}
          disabled={!ready}
          data-testid="export-flow"
          onClick={exportFlow}
        >
          ⤓<span className="flow-topbar__wide"> {t('canvas.export')}</span>
        </Button>
        <Button
          size="sm"
          busy={saving}
          disabled={!ready || pending === 0}
          onClick={() => {
            finishEditing();
            void saveNow();
          }}
        >
          {t('canvas.save')}
        </Button>
      </div>
    </header>
  );
}
