import { useEffect, useState } from 'react';
import { getAccessToken } from '../session';

/**
 * A photo the learner sent, read back with their token: /api/s3/download answers only its uploader
 * (media.routes.ts), and an `<img src>` carries no Bearer. Without a network it says what it was.
 */
export function SentPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void (async () => {
      try {
        const token = await getAccessToken();
        const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        if (!res.ok) throw new Error(String(res.status));
        made = URL.createObjectURL(await res.blob());
        if (live) setSrc(made);
        else URL.revokeObjectURL(made);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (failed) return <p className="pl-said__text">📷 {alt}</p>;
  return src ? <img className="pl-said__image" src={src} alt={alt} /> : null;
}
