import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { editor } from '../store/canvas.store';
import { finishEditing } from '../store/edit.actions';
import { redo, undo } from '../store/history.actions';
import { saveNow } from '../store/save.actions';
import { ToolButton } from './ToolButton';

/*
 * The top bar's parts that change with every edit, undo or redo (the undo/redo flags, the count of
 * changes waiting). Each reads only its own fields of the editor state, so a step re-renders these
 * few buttons and not the whole bar with its translated labels, within the frame the step is drawn.
 */

export function UndoRedoButtons() {
  const { t } = useTranslation();
  const { canUndo, canRedo } = useSnapshot(editor);
  return (
    <>
      <ToolButton
        glyph="↶"
        label={t('canvas.undo')}
        title={t('canvas.undo')}
        disabled={!canUndo}
        onClick={undo}
      />
      <ToolButton
        glyph="↷"
        label={t('canvas.redo')}
        title={t('canvas.redo')}
        disabled={!canRedo}
        onClick={redo}
      />
    </>
  );
}

export function SaveButton() {
  const { t } = useTranslation();
  const { saving, pending, status } = useSnapshot(editor);
  return (
    <Button
      size="sm"
      busy={saving}
      disabled={status !== 'ready' || pending === 0}
      onClick={() => {
        finishEditing();
        void saveNow();
      }}
    >
      {t('canvas.save')}
    </Button>
  );
}
