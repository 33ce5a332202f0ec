import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { uploadMedia } from '../../shared/api/upload';
import type { TLearnerAnswer, TLearnerRequest } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';

type TDrawRequest = Extract<TLearnerRequest, { kind: 'draw' }>;
type TPoint = { x: number; y: number; pressure: number };

/** Board size in CSS pixels: 4:3, as wide as the column (a 390 px phone gives 358 px). */
const ASPECT = 3 / 4;

/**
 * Whiteboard: the learner draws with a finger, a pen or a mouse (pointer events; touch-action none so
 * the page does not scroll under the finger; a pen's pressure widens the line). Done uploads the PNG
 * through the player's media upload and answers its URL: the runtime passes it on and records it.
 */
export function WhiteboardAsk({
  request,
  busy,
  onAnswer,
}: {
  request: TDrawRequest;
  busy: boolean;
  onAnswer: (a: TLearnerAnswer) => void;
}) {
  const { t } = useTranslation('player');
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<TPoint[][]>([]);
  const [count, setCount] = useState(0);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  const redraw = () => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, c.width, c.height);
    g.strokeStyle = '#1b1b1f';
    g.lineCap = 'round';
    g.lineJoin = 'round';
    for (const stroke of strokes.current) {
      for (let i = 1; i < stroke.length; i++) {
        g.lineWidth = 2 + 4 * stroke[i].pressure;
        g.beginPath();
        g.moveTo(stroke[i - 1].x, stroke[i - 1].y);
        g.lineTo(stroke[i].x, stroke[i].y);
        g.stroke();
      }
    }
  };

  // Size the bitmap to the element (and the screen's pixel ratio) so lines stay sharp.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    const width = c.clientWidth || 358;
    c.width = Math.round(width * ratio);
    c.height = Math.round(width * ASPECT * ratio);
    c.getContext('2d')?.setTransform(ratio, 0, 0, ratio, 0, 0);
    redraw();
  });

  const point = (e: PointerEvent<HTMLCanvasElement>): TPoint => {
    const r = e.currentTarget.getBoundingClientRect();
    const pressure = e.pointerType === 'pen' ? e.pressure : 0.5;
    return { x: e.clientX - r.left, y: e.clientY - r.top, pressure };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    strokes.current.push([point(e)]);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    strokes.current.at(-1)?.push(point(e));
    redraw();
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    setCount(strokes.current.length);
  };
  const clear = () => {
    strokes.current = [];
    setCount(0);
    redraw();
  };

  const send = async () => {
    const c = canvas.current;
    if (!c) return;
    setSending(true);
    setFailed(false);
    try {
      const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('no image');
      const file = new File([blob], 'whiteboard.png', { type: 'image/png' });
      const { url } = await uploadMedia(file, 'player');
      onAnswer({
        kind: 'media',
        url: new URL(url, location.origin).href,
        name: file.name,
        mediaType: 'image/png',
      });
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="pl-form">
      {request.prompt && <p>{request.prompt}</p>}
      <canvas
        ref={canvas}
        className="pl-board"
        aria-label={t('run.boardLabel')}
        style={{ touchAction: 'none', width: '100%', aspectRatio: '4 / 3', background: '#fff' }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="pl-row">
        <Button variant="secondary" disabled={count === 0 || sending} onClick={clear}>
          {t('run.boardClear')}
        </Button>
        <Button busy={busy || sending} disabled={count === 0} onClick={send}>
          {t('run.boardDone')}
        </Button>
      </div>
      {failed && <p role="alert">{t('run.uploadFailed')}</p>}
    </div>
  );
}
