import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';

const Scanner = lazy(() => import('./Scanner'));

/** A code from the joined link ending …/join-assignment/{code}, or the code itself. */
export function codeFrom(text: string): string {
  const m = /join-assignment\/([^/?#\s]+)/.exec(text);
  return decodeURIComponent(m ? m[1] : text).trim();
}

/** /viewer/join: type the teacher's code, or scan the QR code with the camera (Kahoot-style). */
export function JoinPage() {
  const { t } = useTranslation('player');
  const [, go] = useLocation();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) go(`/assignments/join-assignment/${encodeURIComponent(codeFrom(code))}`);
  };
  return (
    <div className="pl-page pl-join">
      <h1 className="pl-title">{t('join.title')}</h1>
      <form className="pl-card pl-form" onSubmit={submit}>
        <label className="pl-field">
          <span>{t('join.codeLabel')}</span>
          <input
            className="pl-code"
            value={code}
            autoCapitalize="characters"
            autoComplete="off"
            inputMode="text"
            placeholder={t('join.codePlaceholder')}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <Button type="submit" disabled={!code.trim()}>
          {t('join.submit')}
        </Button>
      </form>
      <Button variant="secondary" onClick={() => setScanning(!scanning)}>
        {scanning ? t('join.stopScan') : t('join.scan')}
      </Button>
      {scanning && (
        <Suspense fallback={<p className="pl-muted">{t('run.loading')}</p>}>
          <Scanner
            onCode={(text) => go(`/assignments/join-assignment/${encodeURIComponent(codeFrom(text))}`)}
          />
        </Suspense>
      )}
    </div>
  );
}
