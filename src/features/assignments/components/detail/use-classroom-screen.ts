import { useEffect, useRef, useState } from 'react';
import { qrDataUrl } from './qr';

/**
 * What the two projector screens ("Show to the class" and the live lesson) share: the join link's QR
 * at projector size, focus on the screen, Escape to close, and — when asked — full screen, which
 * needs the click that opened the screen (refused or unsupported, it stays a page overlay).
 */
export function useClassroomScreen(link: string, qrPx: number, onClose: () => void, fullscreen = false) {
  const root = useRef<HTMLDivElement>(null);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void qrDataUrl(link, qrPx).then((url) => alive && setQr(url));
    root.current?.focus();
    if (fullscreen) root.current?.requestFullscreen?.().catch(() => undefined);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      alive = false;
      document.removeEventListener('keydown', onKey);
      if (fullscreen && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [link, qrPx, onClose, fullscreen]);
  return { root, qr };
}
