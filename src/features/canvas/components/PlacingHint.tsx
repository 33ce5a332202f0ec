import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { placing, stopPlacing } from '../store/placing';
import { canvasElement, canvasRect } from '../viewport';

type TPlaceAt = (type: string, x: number, y: number) => void;

// What a tap may land on without being a tap on the canvas's empty area.
const NOT_CANVAS =
  '.react-flow__node, .react-flow__edge, .react-flow__controls, .react-flow__minimap, .react-flow__panel, .placing-hint, .flow-empty, .link-banner';
const TAP_PX = 10;

/** While a block waits to be placed, a tap on the canvas's empty area places it there. */
function useCanvasTap(active: boolean, placeAt: TPlaceAt) {
  useEffect(() => {
    if (!active) return;
    let down: { x: number; y: number; id: number } | null = null;
    const onDown = (e: PointerEvent) => {
      const target = e.target as HTMLElement;
      const canvas = canvasElement();
      down =
        canvas?.contains(target) && !target.closest(NOT_CANVAS)
          ? { x: e.clientX, y: e.clientY, id: e.pointerId }
          : null;
    };
    const onUp = (e: PointerEvent) => {
      const d = down;
      down = null;
      if (!d || d.id !== e.pointerId || Math.hypot(e.clientX - d.x, e.clientY - d.y) > TAP_PX) return;
      const type = placing.type;
      if (!type) return;
      stopPlacing();
      placeAt(type, e.clientX, e.clientY);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') stopPlacing();
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    // On window, in the capture phase, like the editor's shortcuts (which stop the key going further).
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('pointerup', onUp, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [active, placeAt]);
}

/** "Placing Text — tap the canvas where it goes", with the middle of the view and Cancel. */
export function PlacingHint({ placeAt }: { placeAt: TPlaceAt }) {
  const { t } = useTranslation();
  const { type, name } = useSnapshot(placing);
  useCanvasTap(type !== null, placeAt);
  const canvas = canvasElement();
  if (!type || !canvas) return null;
  const middle = () => {
    const r = canvasRect();
    stopPlacing();
    if (r) placeAt(type, r.left + r.width / 2, r.top + r.height / 2);
  };
  return createPortal(
    <div className="placing-hint" role="status" data-testid="placing-hint">
      <span className="placing-hint__text">{t('canvas.placing.hint', { name })}</span>
      <span className="placing-hint__actions">
        <Button variant="secondary" size="sm" onClick={middle}>
          {t('canvas.placing.middle')}
        </Button>
        <Button variant="ghost" size="sm" onClick={stopPlacing}>
          {t('canvas.placing.cancel')}
        </Button>
      </span>
    </div>,
    canvas,
  );
}
