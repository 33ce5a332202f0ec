import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http';
import { TASK_RUN_FEE, type TTaskRunResult, type TTaskSlot } from '../../../shared/contract/automation';
import { Button } from '../../../ui/Button';
import { automationApi } from '../automation.api';
import { sampleInput } from '../curl';

/** The input box's text as the run's input: a JSON object, else null. */
function parseInput(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * "Run with inputs" on the task page: the author edits the input JSON (it starts as the curl
 * example's) and runs the task signed in, without an API key, then reads its outputs, issues and
 * cost. Paid by the space; not counted as API usage (POST /api/tasks/{id}/try).
 */
export function TryRunPanel({ taskId, slots }: { taskId: string; slots: TTaskSlot[] }) {
  const { t } = useTranslation('task');
  const ids = { input: useId(), error: useId() };
  const [text, setText] = useState(() => sampleInput(slots));
  const [inputError, setInputError] = useState('');
  const [runError, setRunError] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TTaskRunResult | null>(null);
  const [sampling, setSampling] = useState(false);
  const [sampleNote, setSampleNote] = useState<{ error: boolean; text: string } | null>(null);

  // The slots come from the flow as it is now: the author may have added or renamed input blocks in
  // the canvas since this page loaded, and a sample of the old ones would make the run fail.
  const resample = async () => {
    setSampling(true);
    setSampleNote(null);
    try {
      const fresh = await automationApi.slots(taskId);
      setText(sampleInput(fresh.slots));
      setInputError('');
      setSampleNote({ error: false, text: t('try.sampled', { count: fresh.slots.length }) });
    } catch (error) {
      setSampleNote({
        error: true,
        text: error instanceof ApiError && error.status ? error.message : t('try.sampleFailed'),
      });
    } finally {
      setSampling(false);
    }
  };

  const run = async () => {
    const input = parseInput(text);
    setInputError(input ? '' : t('try.badJson'));
    if (!input) return;
    setRunning(true);
    setRunError('');
    setResult(null);
    try {
      setResult(await automationApi.tryRun(taskId, input));
    } catch (error) {
      // A run that stopped (422) or could not be paid (400) answers with the server's own words.
      setRunError(error instanceof ApiError && error.status ? error.message : t('try.failed'));
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="try-run" aria-labelledby={`${ids.input}-title`}>
      <h2 id={`${ids.input}-title`}>{t('try.title')}</h2>
      <p className="muted">{t('try.cost', { fee: TASK_RUN_FEE })}</p>
      <label htmlFor={ids.input}>{t('try.inputs')}</label>
      <textarea
        id={ids.input}
        className="input try-run__input"
        rows={Math.min(12, Math.max(4, text.split('\n').length + 1))}
        spellCheck={false}
        value={text}
        aria-invalid={inputError ? true : undefined}
        aria-describedby={inputError ? ids.error : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void run();
        }}
      />
      {inputError && (
        <p id={ids.error} className="field__error" role="alert">
          {inputError}
        </p>
      )}
      <p>
        <Button busy={running} disabled={running} onClick={() => void run()}>
          {running ? t('try.running') : t('try.run')}
        </Button>{' '}
        <Button variant="secondary" busy={sampling} disabled={sampling} onClick={() => void resample()}>
          {sampling ? t('try.sampling') : t('try.sample')}
        </Button>
      </p>
      {sampleNote && (
        <p
          className={sampleNote.error ? 'field__error' : 'muted'}
          role={sampleNote.error ? 'alert' : 'status'}
          data-testid="try-sample-note"
        >
          {sampleNote.text}
        </p>
      )}
      {runError && (
        <p className="field__error" role="alert" data-testid="try-error">
          {runError}
        </p>
      )}
      {result && (
        <div className="try-run__result" role="status" data-testid="try-result">
          <p>
            <strong>{t(`try.status.${result.status}`)}</strong>{' '}
            {t('try.summary', { credits: result.credits, ms: result.durationMs })}
          </p>
          {Object.keys(result.outputs).length > 0 ? (
            <pre className="curl-example">{JSON.stringify(result.outputs, null, 2)}</pre>
          ) : (
            <p className="muted">{t('try.noOutputs')}</p>
          )}
          {result.issues.length > 0 && (
            <pre className="curl-example" data-testid="try-issues">
              {JSON.stringify(result.issues, null, 2)}
            </pre>
          )}
        </div>
      )}
    </section>
  );
}
