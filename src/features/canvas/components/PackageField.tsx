import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TContentPackage } from '../../../shared/contract/packages';
import { fetchPackage, uploadPackage } from '../canvas.api';
import type { TNodeData } from '../canvas.types';

/**
 * H5P Content and xAPI Statement blocks: upload a package (checked by the server), keep its id in
 * data.packageId (and the xAPI format in data.packageFormat), and preview it in a frame sandboxed
 * like the player's. Without a package the xAPI Statement block stays a plain statement.
 */
export function PackageField({
  kind,
  data,
  onChange,
}: {
  kind: 'h5p' | 'xapi';
  data: TNodeData;
  onChange: (patch: Partial<TNodeData>) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const packageId = typeof data.packageId === 'string' ? data.packageId : '';
  const [pkg, setPkg] = useState<TContentPackage | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setPkg(null);
    if (/^[0-9a-f]{24}$/.test(packageId))
      fetchPackage(kind, packageId)
        .then((p) => live && setPkg(p))
        .catch(() => live && setError(t('canvas.panel.packageMissing')));
    return () => {
      live = false;
    };
  }, [kind, packageId, t]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const p = await uploadPackage(kind, file);
      onChange(kind === 'h5p' ? { packageId: p.id } : { packageId: p.id, packageFormat: p.format });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="panel-field">
      <label htmlFor={fileId}>
        {t(kind === 'h5p' ? 'canvas.panel.h5pUpload' : 'canvas.panel.xapiUpload')}
      </label>
      <input
        id={fileId}
        type="file"
        accept={kind === 'h5p' ? '.h5p' : '.zip'}
        disabled={busy}
        onChange={(e) => upload(e.currentTarget.files?.[0])}
      />
      {busy && <p className="panel-hint">{t('canvas.panel.packageUploading')}</p>}
      {error && <p role="alert">{error}</p>}
      {pkg && (
        <>
          <p className="panel-hint">{pkg.title}</p>
          <iframe
            title={pkg.title}
            src={pkg.playUrl}
            sandbox="allow-scripts allow-forms allow-popups"
            referrerPolicy="no-referrer"
            style={{ width: '100%', height: 240, border: 0 }}
          />
        </>
      )}
    </div>
  );
}
