import { type PointerEvent as ReactPointerEvent, useRef } from 'react';

export type TDragGhost = { type: string; name: string; x: number; y: number } | null;

type TOptions = {
  type: string;
  name: string;
  enabled: boolean;
  onMove: (ghost: TDragGhost) => void;
  onDrop: (type: string, x: number, y: number) => void;
  onTap: (type: string) => void;
};

const START_PX = 6;

/**
 * Drag from the palette with pointer events, so a finger works as well as a mouse (HTML drag and drop
 * does not start from touch in most tablet browsers). A press without movement is a tap, which
 * places the block at the centre of the view. Vertical finger moves still scroll the list
 * (touch-action: pan-y); the browser then cancels the pointer and nothing is placed.
 */
export function usePaletteDrag({ type, name, enabled, onMove, onDrop, onTap }: TOptions) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const dragging = useRef(false);
  const dropped = useRef(false);

  const reset = () => {
    start.current = null;
    dragging.current = false;
    onMove(null);
  };

  return {
    onPointerDown(e: ReactPointerEvent<HTMLElement>) {
      if (!enabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
      dropped.current = false;
    },
    onPointerMove(e: ReactPointerEvent<HTMLElement>) {
      const s = start.current;
      if (!s || s.id !== e.pointerId) return;
      if (!dragging.current && Math.hypot(e.clientX - s.x, e.clientY - s.y) < START_PX) return;
      if (!dragging.current) {
        dragging.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      onMove({ type, name, x: e.clientX, y: e.clientY });
    },
    onPointerUp(e: ReactPointerEvent<HTMLElement>) {
      if (dragging.current) {
        dropped.current = true;
        onDrop(type, e.clientX, e.clientY);
      }
      reset();
    },
    onPointerCancel: reset,
    onClick() {
      // The click that ends a drag is not a tap.
      if (dropped.current) {
        dropped.current = false;
        return;
      }
      if (enabled) onTap(type);
    },
  };
}
