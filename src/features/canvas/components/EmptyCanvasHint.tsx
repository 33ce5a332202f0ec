import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { editor, useGraphSelector } from '../store/canvas.store';
import { placing } from '../store/placing';
import { touchFirst } from './pointer';

const isEmpty = (g: { nodes: unknown[] }) => g.nodes.length === 0;

/**
 * A new flow opens on an empty canvas: say where blocks come from. On a phone the block list is a
 * drawer, so the hint also opens it. Gone with the first block; reads only "is it empty", so it
 * never re-renders while blocks move.
 */
export function EmptyCanvasHint() {
  const { t } = useTranslation();
  const empty = useGraphSelector(isEmpty);
  const { status } = useSnapshot(editor);
  // While a chosen block waits for a tap, the whole canvas is the place to tap.
  const { type: placingType } = useSnapshot(placing);
  if (!empty || status !== 'ready' || placingType) return null;
  return (
    <div className="flow-empty" role="note" data-testid="empty-canvas">
      <p>{t(touchFirst() ? 'canvas.emptyTouch' : 'canvas.empty')}</p>
      <Button
        variant="secondary"
        size="sm"
        className="flow-empty__open"
        onClick={() => {
          editor.drawer = 'palette';
        }}
      >
        {t('canvas.emptyOpenBlocks')}
      </Button>
    </div>
  );
}
