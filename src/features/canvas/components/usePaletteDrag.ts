import {
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useRef,
} from 'react';

export type TDragGhost = { type: string; name: string; x: number; y: number } | null;

/** How a block was chosen without a drag: a finger or pen (then tap the canvas), or mouse/keyboard. */
export type TTapKind = 'touch' | 'other';

type TOptions = {
  type: string;
  name: string;
  enabled: boolean;
  onMove: (ghost: TDragGhost) => void;
  onDrop: (type: string, x: number, y: number) => void;
  onTap: (type: string, kind: TTapKind) => void;
};

const START_PX = 6;
/** A finger that stays this long on a block lifts it: from then on any direction drags. */
export const HOLD_MS = 300;
/** Before the hold, a finger that moves this far is scrolling the list (or sliding sideways). */
const SLOP_PX = 10;

type TPress = { x: number; y: number; id: number; touch: boolean };

/**
 * Drag from the palette with pointer events, so a finger works as well as a mouse (HTML drag and drop
 * does not start from touch in most tablet browsers).
 *
 * Mouse: a move of a few pixels drags. Finger or pen, unambiguous on touch:
 * - press and hold (HOLD_MS) lifts the block, then it follows the finger in any direction; the list
 *   does not scroll (a non-passive touchmove is cancelled while lifted);
 * - the grip on the block's right (touch-action: none) drags at once;
 * - a sideways slide drags at once (the list only scrolls vertically: touch-action: pan-y);
 * - a vertical slide before the hold scrolls the list; the browser then cancels the pointer.
 * A tap (no drag) is reported with its kind, so touch can go on to "tap the canvas".
 */
export function usePaletteDrag({ type, name, enabled, onMove, onDrop, onTap }: TOptions) {
  const press = useRef<TPress | null>(null);
  const lifted = useRef(false);
  const dragging = useRef(false);
  // The click that follows a drag or a touch tap already handled on pointerup is not a second tap.
  const swallowClick = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const el = useRef<HTMLElement | null>(null);

  const setLifted = (on: boolean) => {
    lifted.current = on;
    el.current?.classList.toggle('is-lifted', on);
  };
  const reset = () => {
    clearTimeout(timer.current);
    press.current = null;
    dragging.current = false;
    setLifted(false);
    onMove(null);
  };

  // React listens to touchmove passively; only a native, non-passive listener can stop the scroll.
  const ref = useCallback((node: HTMLElement | null) => {
    el.current = node;
  }, []);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const onTouchMove = (e: TouchEvent) => {
      if (lifted.current && e.cancelable) e.preventDefault();
    };
    node.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => node.removeEventListener('touchmove', onTouchMove);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    ref,
    onPointerDown(e: ReactPointerEvent<HTMLElement>) {
      if (!enabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const touch = e.pointerType !== 'mouse';
      press.current = { x: e.clientX, y: e.clientY, id: e.pointerId, touch };
      swallowClick.current = false;
      dragging.current = false;
      clearTimeout(timer.current);
      const onGrip = !!(e.target as HTMLElement).closest?.('.palette-entry__grip');
      if (!touch || onGrip) {
        setLifted(touch);
        return;
      }
      setLifted(false);
      timer.current = setTimeout(() => {
        if (!press.current) return;
        setLifted(true);
        navigator.vibrate?.(15);
      }, HOLD_MS);
    },
    onPointerMove(e: ReactPointerEvent<HTMLElement>) {
      const s = press.current;
      if (!s || s.id !== e.pointerId) return;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      const far = Math.hypot(dx, dy);
      if (!dragging.current) {
        if (far < START_PX) return;
        if (s.touch && !lifted.current) {
          if (Math.abs(dx) <= Math.abs(dy)) {
            // A vertical slide before the hold: the list scrolls, this is no drag.
            if (far >= SLOP_PX) clearTimeout(timer.current);
            return;
          }
        }
        clearTimeout(timer.current);
        dragging.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      onMove({ type, name, x: e.clientX, y: e.clientY });
    },
    onPointerUp(e: ReactPointerEvent<HTMLElement>) {
      const s = press.current;
      if (dragging.current) {
        swallowClick.current = true;
        onDrop(type, e.clientX, e.clientY);
      } else if (s?.touch && enabled) {
        // A finger lifted without a drag (a tap, or a hold released in place): choose the block.
        swallowClick.current = true;
        onTap(type, 'touch');
      }
      reset();
    },
    onPointerCancel: reset,
    onContextMenu(e: MouseEvent<HTMLElement>) {
      // A long press must lift the block, not open the browser's menu.
      if (press.current?.touch) e.preventDefault();
    },
    onClick() {
      if (swallowClick.current) {
        swallowClick.current = false;
        return;
      }
      if (enabled) onTap(type, 'other');
    },
  };
}
