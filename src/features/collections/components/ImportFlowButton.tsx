import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { TOAST_MS, toastError, toastSuccess } from '../../../ui/surfaces';
import { type ImportProblem, importFlowFile } from '../flow-files';

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** "Import .flow": picks a file, shows progress while it uploads, then says what came in or what is wrong. */
export function ImportFlowButton({ projectId }: { projectId: string | null }) {
  const { t } = useTranslation('navbar');
  const input = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState<{ name: string; size: string } | null>(null);

  const problemText = (file: string, p: ImportProblem): string => {
    if (p.kind === 'extension') return t('flows.importError.extension', { file });
    if (p.kind === 'empty') return t('flows.importError.empty', { file });
    if (p.kind === 'size') return t('flows.importError.size', { file, max: p.maxMb });
    if (p.kind === 'server' && p.message) return t('flows.importError.server', { file, reason: p.message });
    return t('flows.importError.unknown', { file });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImporting({ name: file.name, size: sizeOf(file.size) });
    try {
      const res = await importFlowFile(file, projectId);
      if (res.ok) {
        toastSuccess(
          t('flows.toast.imported', { name: res.flow.name, count: res.report.brokenLinks.length }),
        );
      } else if (res.problem.kind !== 'silent') {
        toastError(problemText(file.name, res.problem), t('flows.importError.title'), TOAST_MS.generic);
      }
    } finally {
      setImporting(null);
      // The same file can be picked again after it is fixed.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="import-flow">
      <Button variant="secondary" busy={!!importing} needsConnection onClick={() => input.current?.click()}>
        {t('flows.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".flow"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('flows.importFile')}
        data-testid="import-flow-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {importing && (
        <div className="import-flow__status" role="status">
          <span>{t('flows.importing', { file: importing.name, size: importing.size })}</span>
          <progress aria-label={t('flows.importing', { file: importing.name, size: importing.size })} />
        </div>
      )}
    </div>
  );
}
