import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_MAX_BYTES, type TKnowledgeBank } from '../../../shared/contract/knowledge';
import { canvasApi, KnowledgeUploadError, uploadKnowledge } from '../canvas.api';

/** Node types that answer from a knowledge bank, and so offer one (data.bankId). */
export const BANK_NODE_TYPES: ReadonlySet<string> = new Set(['knowledgeBotNode', 'floatingKnowledgeBotNode']);

const ACCEPT = '.pdf,.docx,.doc,.txt';

/**
 * A knowledge bot's bank: chosen among the space's banks (GET knowledge-bank; an empty list on any
 * error, spec 03 §8), or started or grown by uploading a document (to the chosen bank, else a new
 * bank named after the file), with its progress and a plain reason when the server refuses it.
 */
export function BankField(props: { value: string | undefined; onChange: (bankId: string) => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const fileId = useId();
  const [banks, setBanks] = useState<TKnowledgeBank[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  useEffect(() => {
    let live = true;
    canvasApi
      .knowledgeBanks()
      .then((res) => live && setBanks(res.data))
      .catch(() => live && setBanks([]));
    return () => {
      live = false;
    };
  }, []);

  const value = props.value ?? '';
  const reason = (e: unknown) => {
    if (!(e instanceof KnowledgeUploadError)) return t('canvas.panel.bankUploadFailed');
    if (e.status === 413) return t('canvas.panel.bankTooLarge', { mb: KNOWLEDGE_MAX_BYTES / 1024 / 1024 });
    if (e.status === 400 || e.status === 415) return t('canvas.panel.bankRefused', { reason: e.message });
    if (e.status === 403) return t('canvas.panel.bankForbidden');
    return t('canvas.panel.bankUploadFailed');
  };

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setError('');
    setDone('');
    if (file.size > KNOWLEDGE_MAX_BYTES) {
      setError(t('canvas.panel.bankTooLarge', { mb: KNOWLEDGE_MAX_BYTES / 1024 / 1024 }));
      input.value = '';
      return;
    }
    setProgress(0);
    try {
      const answer = await uploadKnowledge(file, value || undefined, setProgress);
      setBanks((list) => [answer.bank, ...list.filter((b) => b._id !== answer.bank._id)]);
      props.onChange(answer.bank._id);
      setDone(
        t('canvas.panel.bankUploaded', {
          file: answer.document.fileName,
          bank: answer.bank.name,
          count: answer.document.chunksCount,
        }),
      );
    } catch (e) {
      setError(reason(e));
    } finally {
      setProgress(null);
      input.value = '';
    }
  };

  return (
    <div className="panel-field">
      <label htmlFor={selectId}>{t('canvas.panel.bank')}</label>
      <select id={selectId} className="input" value={value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{t('canvas.panel.bankNone')}</option>
        {value && !banks.some((b) => b._id === value) && <option value={value}>{value}</option>}
        {banks.map((b) => (
          <option key={b._id} value={b._id}>
            {t('canvas.panel.bankOption', { name: b.name, count: b.documentsCount })}
          </option>
        ))}
      </select>
      {banks.length === 0 && <p className="field__hint">{t('canvas.panel.bankEmpty')}</p>}
      <label htmlFor={fileId}>{t(value ? 'canvas.panel.bankUploadTo' : 'canvas.panel.bankUploadNew')}</label>
      <input
        id={fileId}
        type="file"
        accept={ACCEPT}
        disabled={progress !== null}
        onChange={(e) => upload(e.currentTarget)}
      />
      {progress !== null && (
        <progress max={1} value={progress} aria-label={t('canvas.panel.bankUploading')} />
      )}
      {error && <p role="alert">{error}</p>}
      {done && <p role="status">{done}</p>}
    </div>
  );
}
