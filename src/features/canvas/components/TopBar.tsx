import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { offerFlowExport } from '../../../ui/download';
import { editor } from '../store/canvas.store';
import { NameField } from './NameField';
import { ReplaceFromFile } from './ReplaceFromFile';
import { SaveState } from './SaveState';
import { PreviewButton, ShareButton } from './ShareTools';
import { ToolButton } from './ToolButton';
import { SaveButton, UndoRedoButtons } from './TopBarTools';
import { useFlowExport } from './useFlowExport';
import '../canvas-topbar.css';

export function backPath(orgCode: string, projectId: string): string {
  return projectId === 'no-project'
    ? `/${orgCode}/library/no-project`
    : `/${orgCode}/collections/projects/${projectId}`;
}

const toggleDrawer = (which: 'palette' | 'panel') => {
  editor.drawer = editor.drawer === which ? null : which;
};

/**
 * Back, the flow's name, the save state, undo/redo, Export, Preview, Share and Save; on phones also the two drawer
 * buttons. Export is also offered to the app's storage popup while the editor is open.
 */
export function TopBar({ orgCode, projectId }: { orgCode: string; projectId: string }) {
  const { t } = useTranslation();
  const { drawer, boxSelect, status, name } = useSnapshot(editor);
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
      {/* The page's heading for screen readers; the name is edited in the field beside it. */}
      {ready && <h1 className="visually-hidden">{name}</h1>}
      {ready && <NameField />}
      {ready && <SaveState />}
      <div className="flow-topbar__tools">
        <ToolButton
          glyph="▦"
          label={t('canvas.blocks')}
          className="flow-topbar__phone"
          aria-pressed={drawer === 'palette'}
          onClick={() => toggleDrawer('palette')}
        />
        <ToolButton
          glyph="⬚"
          label={t('canvas.boxSelect')}
          aria-pressed={boxSelect}
          title={t('canvas.boxSelectHint')}
          onClick={() => {
            editor.boxSelect = !editor.boxSelect;
          }}
        />
        <UndoRedoButtons />
        <ToolButton
          glyph="✎"
          label={t('canvas.properties')}
          className="flow-topbar__phone"
          aria-pressed={drawer === 'panel'}
          onClick={() => toggleDrawer('panel')}
        />
        <ToolButton
          glyph="⤓"
          label={t('canvas.export')}
          title={t('canvas.exportHint')}
          disabled={!ready}
          data-testid="export-flow"
          onClick={exportFlow}
        />
        <ReplaceFromFile />
        <PreviewButton />
        <ShareButton />
        <SaveButton />
      </div>
    </header>
  );
}
