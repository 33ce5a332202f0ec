import { ReactFlowProvider } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'wouter';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { editor } from '../store/canvas.store';
import { openFlow } from '../store/load.actions';
import { Canvas } from './Canvas';
import { ConflictDialog } from './ConflictDialog';
import { NodePanel } from './NodePanel';
import { NoticeBar } from './NoticeBar';
import { Palette } from './Palette';
import { backPath, TopBar } from './TopBar';
import { useEditorLifecycle } from './useEditorLifecycle';
import { useShortcuts } from './useShortcuts';
import '../canvas.css';
import '../canvas-nodes.css';
import '../canvas-palette.css';
import '../canvas-panels.css';
import '../canvas-phone.css';

function Shortcuts() {
  useShortcuts();
  return null;
}

function Unavailable({ orgCode, projectId, flowId }: { orgCode: string; projectId: string; flowId: string }) {
  const { t } = useTranslation();
  const { status } = useSnapshot(editor);
  return (
    <div className="flow-editor__message" role="alert">
      <h1>{t(status === 'missing' ? 'canvas.missing' : 'canvas.failed')}</h1>
      <div className="flow-editor__message-actions">
        {status === 'failed' && <Button onClick={() => void openFlow(flowId)}>{t('canvas.retry')}</Button>}
        <Link href={backPath(orgCode, projectId)} className="btn btn--secondary">
          {t('canvas.backShort')}
        </Link>
      </div>
    </div>
  );
}

/** /{orgCode}/projects/{projectId}/flows/{id}: the flow editor, full page (spec 01 §2). */
export default function FlowEditorPage() {
  const { t } = useTranslation();
  const params = useParams<{ orgCode: string; projectId: string; id: string }>();
  const { orgCode, projectId, id } = params;
  useEditorLifecycle(id);
  const { status, drawer } = useSnapshot(editor);
  return (
    <ReactFlowProvider>
      <div className="flow-editor" data-drawer={drawer ?? undefined}>
        <TopBar orgCode={orgCode} projectId={projectId} />
        <NoticeBar />
        {status === 'ready' ? (
          <main className="flow-editor__main">
            <Shortcuts />
            <Palette />
            <Canvas />
            <NodePanel />
            {drawer && (
              <button
                type="button"
                className="flow-editor__scrim"
                aria-label={t('canvas.closeDrawer')}
                onClick={() => {
                  editor.drawer = null;
                }}
              />
            )}
          </main>
        ) : status === 'missing' || status === 'failed' ? (
          <Unavailable orgCode={orgCode} projectId={projectId} flowId={id} />
        ) : (
          <div
            className="flow-editor__loading"
            role="status"
            aria-busy="true"
            aria-label={t('canvas.loading')}
          >
            <Skeleton height="100%" radius={0} />
          </div>
        )}
        <ConflictDialog orgCode={orgCode} />
      </div>
    </ReactFlowProvider>
  );
}
