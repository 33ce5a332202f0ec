import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_MIME } from '../../../shared/domain/csv';
import { Button } from '../../../ui/Button';
import { saveBlob } from '../../../ui/download';

/** Loads once per key; `reload` asks again (the Live toggle and the sort use it). */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data: T | null; error: boolean; loading: boolean }>({
    data: null,
    error: false,
    loading: true,
  });
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async (quietly = false) => {
    if (!quietly) setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loader.current();
      setState({ data, error: false, loading: false });
    } catch {
      setState((s) => ({ data: s.data, error: true, loading: false }));
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` says when to load again
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { ...state, reload };
}

/** Two-letter badge with a colour from the text (the dashboard's initials badges, avatars without a picture). */
export function Initials({ name, src }: { name: string; src?: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken)
    return (
      <img
        className="report-avatar"
        src={src}
        alt=""
        width={32}
        height={32}
        onError={() => setBroken(true)}
      />
    );
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const text = (
    words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? '?').slice(0, 2)
  ).toUpperCase();
  return (
    <span
      className="report-avatar report-avatar--initials"
      style={{ background: `hsl(${h} 55% 45%)` }}
      title={name}
    >
      {text}
    </span>
  );
}

/** Export CSV: dimmed and disabled when there is nothing to export (spec 02 §2). */
export function ExportButton({ empty, file, build }: { empty: boolean; file: string; build: () => string }) {
  const { t } = useTranslation('reports');
  return (
    <Button
      variant="secondary"
      className={empty ? 'report-export report-export--empty' : 'report-export'}
      disabled={empty}
      data-file={file}
      onClick={() => saveBlob(new Blob([build()], { type: CSV_MIME }), file)}
    >
      {t('exportCsv')}
    </Button>
  );
}

export function ReportHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="report-header">
      <h2>{title}</h2>
      <div className="report-header__actions">{children}</div>
    </div>
  );
}
