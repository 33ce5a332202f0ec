import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { TOAST_MS, toastError, toastSuccess } from '../../../ui/surfaces';
import { editor } from '../store/canvas.store';
import { type ReplaceProblem, replaceFromFile } from '../store/replace.actions';
import { ToolButton } from './ToolButton';

/**
 * "Replace from file" in the editor's top bar: picks a .flow file, shows that it is being used, then
 * says what the flow now holds (and that undo brings the previous version back) or why nothing changed.
 */
export function ReplaceFromFile() {
  const { t } = useTranslation();
  const { status, saving } = useSnapshot(editor);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const problemText = (file: string, p: ReplaceProblem): string => {
    const key = 'canvas.replace.error';
    if (p.kind === 'size') return t(`${key}.size`, { file, max: p.maxMb });
    if (p.kind === 'server')
      return p.message ? t(`${key}.server`, { file, reason: p.message }) : t(`${key}.unknown`, { file });
    if (p.kind === 'extension' || p.kind === 'empty' || p.kind === 'unsaved')
      return t(`${key}.${p.kind}`, { file });
    return t(`${key}.unknown`, { file });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(file.name);
    try {
      const res = await replaceFromFile(file);
      if (res.ok) {
        const broken = res.report.brokenLinks.length;
        const done = t('canvas.replace.done', { count: res.nodes, file: file.name });
        toastSuccess(broken ? `${done} ${t('canvas.replace.broken', { count: broken })}` : done);
      } else if (res.problem.kind !== 'silent') {
        toastError(problemText(file.name, res.problem), t('canvas.replace.errorTitle'), TOAST_MS.generic);
      }
    } finally {
      setBusy(null);
      // The same file can be picked again after it is fixed.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <ToolButton
        glyph="⤒"
        label={t('canvas.replace.label')}
        title={t('canvas.replace.hint')}
        disabled={status !== 'ready' || saving || !!busy}
        busy={!!busy}
        needsConnection
        data-testid="replace-flow"
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        accept=".flow"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('canvas.replace.file')}
        data-testid="replace-flow-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {busy && (
        <span className="visually-hidden" role="status">
          {t('canvas.replace.replacing', { file: busy })}
        </span>
      )}
    </>
  );
}
