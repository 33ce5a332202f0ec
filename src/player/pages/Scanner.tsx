import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n';

/** Reads a QR code from the phone's back camera, or from a photo of it (no camera permission). */
export default function Scanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation('player');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const tick = () => {
      const v = video.current;
      if (v && ctx && v.readyState >= 2 && v.videoWidth) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        ctx.drawImage(v, 0, 0);
        const found = jsQR(
          ctx.getImageData(0, 0, canvas.width, canvas.height).data,
          canvas.width,
          canvas.height,
        );
        if (found?.data) return onCode(found.data);
      }
      frame = requestAnimationFrame(tick);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then((s) => {
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play();
        }
        frame = requestAnimationFrame(tick);
      })
      .catch(() => setFailed(true));
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.drawImage(bitmap, 0, 0);
    const found = jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
    if (found?.data) onCode(found.data);
    else setFailed(true);
  };

  return (
    <div className="pl-card pl-scanner">
      <video ref={video} className="pl-media" muted playsInline aria-label={t('join.camera')} />
      {failed && <p className="pl-muted">{t('join.noCamera')}</p>}
      <label className="pl-field">
        <span>{t('join.photo')}</span>
        <input
          type="file"
          accept="image/*"
          data-testid="qr-file"
          onChange={(e) => void fromFile(e.target.files?.[0])}
        />
      </label>
    </div>
  );
}
