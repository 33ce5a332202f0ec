import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { linkHint } from '../store/link-drag';
import { canvasRect } from '../viewport';
import { WarningIcon } from './icons';

type TSide = 'top' | 'bottom';

const OPTS = { capture: true, passive: true } as const;
let lastY = -1;
const track = (e: PointerEvent) => {
  lastY = e.clientY;
};
const sideNow = (): TSide => {
  const r = canvasRect();
  return r && lastY >= 0 && lastY < r.top + r.height / 2 ? 'bottom' : 'top';
};

/**
 * The banner's edge: the one away from the pointer, so it never covers the block being aimed at
 * (pointer in the canvas's top half: bottom edge). Re-renders on pointer moves only while shown.
 */
function useSideAwayFromPointer(shown: boolean): TSide {
  const [side, setSide] = useState<TSide>(sideNow);
  useEffect(() => {
    document.addEventListener('pointerdown', track, OPTS);
    document.addEventListener('pointermove', track, OPTS);
    return () => {
      document.removeEventListener('pointerdown', track, true);
      document.removeEventListener('pointermove', track, true);
    };
  }, []);
  useLayoutEffect(() => {
    if (!shown) return;
    setSide(sideNow());
    const onMove = () => setSide(sideNow());
    document.addEventListener('pointermove', onMove, OPTS);
    return () => document.removeEventListener('pointermove', onMove, true);
  }, [shown]);
  return side;
}

/** A small status line while a link is dragged: where it can go, or why it cannot go there. */
export function LinkBanner() {
  const { t } = useTranslation();
  const { active, refusal } = useSnapshot(linkHint);
  const shown = active || !!refusal;
  const side = useSideAwayFromPointer(shown);
  if (!shown) return null;
  const typeName = (type?: string) => (type ? t(`canvas.handleTypes.${type}`, { defaultValue: type }) : '');
  const text = refusal
    ? t(`canvas.refusal.${refusal.code}`, {
        defaultValue: refusal.reason,
        from: typeName(refusal.from),
        to: typeName(refusal.to),
      })
    : t('canvas.linkHint');
  return (
    <div
      className={`link-banner${refusal ? ' link-banner--refused' : ''}${side === 'bottom' ? ' link-banner--bottom' : ''}`}
      role="status"
      data-testid="link-banner"
      data-side={side}
    >
      {refusal && (
        <span className="link-banner__icon">
          <WarningIcon />
        </span>
      )}
      {text}
    </div>
  );
}
