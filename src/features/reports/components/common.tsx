import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CSV_MIME } from '../../../shared/domain/csv';
import { Button } from '../../../ui/Button';
import { saveBlob } from '../../../ui/download';
import { SavedCopyNote as SavedCopy } from '../../../ui/SavedCopyNote';
import { forgetSavedCopy, savedCopies } from '../../../ui/saved-copies';
import { reportPath } from '../reports.api';

/**
 * Loads once per key; `reload` asks again (the Live toggle and the sort use it). With the API `path`,
 * `savedAt` says the answer is the service worker's saved copy and when it was saved ('' unknown).
 */
export function useLoad<T>(load: () => Promise<T>, key: string, path?: string) {
  const [state, setState] = useState<{ data: T | null; error: boolean; loading: boolean }>({
    data: null,
    error: false,
    loading: true,
  });
  const loader = useRef(load);
  loader.current = load;
  const pathRef = useRef(path);
  pathRef.current = path;
  const saved = useSnapshot(savedCopies);
  const savedAt = path === undefined ? undefined : saved[path];
  const reload = useCallback(async (quietly = false) => {
    if (!quietly) setState((s) => ({ ...s, loading: true }));
    if (pathRef.current) forgetSavedCopy(pathRef.current);
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
  return { ...state, reload, savedAt };
}

/** useLoad of one report route of an assignment, saved copies named by the route's path. */
export function useReport<T>(assignmentId: string, report: string, load: (id: string) => Promise<T>) {
  return useLoad(() => load(assignmentId), assignmentId, reportPath(assignmentId, report));
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
      // 28 % lightness: white initials keep a 4.5:1 contrast on every hue (45 % fell to 2.5:1 on yellows).
      style={{ background: `hsl(${h} 55% 28%)` }}
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

/** A report shown from the saved copy (offline): says so, with the time it was saved. */
export const SavedCopyNote = ({ savedAt }: { savedAt?: string }) => (
  <SavedCopy savedAt={savedAt} className="report-saved" testId="report-saved-copy" />
);

export function ReportHeader({
  title,
  savedAt,
  children,
}: {
  title: string;
  savedAt?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="report-header">
        <h2>{title}</h2>
        <div className="report-header__actions">{children}</div>
      </div>
      <SavedCopyNote savedAt={savedAt} />
    </>
  );
}
