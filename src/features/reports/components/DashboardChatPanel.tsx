import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_QUESTION_MAX } from '../../../shared/contract/dashboard-chat';
import { Button } from '../../../ui/Button';
import { Markdown } from '../../../ui/Markdown';
import { askDashboard } from '../dashboard-chat.api';
import '../dashboard-chat.css';

interface Turn {
  question: string;
  answer: string;
  state: 'streaming' | 'done' | 'stopped' | 'failed';
  error?: string;
  cost?: string;
}

/**
 * The LRS dashboard's optional chat panel (spec 02 §2): the teacher asks about the statements on
 * screen (the verb tab shown is sent; the server reads the statements itself) and the answer
 * streams in, with a Stop button. Each answer is charged like a chat message and its cost shown.
 */
export function DashboardChatPanel({
  assignmentId,
  verb,
  onClose,
}: {
  assignmentId: string;
  verb: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const running = useRef<AbortController | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const busy = turns.at(-1)?.state === 'streaming';

  useEffect(() => {
    // Keyboard users land in the question box, and back on what opened the panel when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    return () => {
      running.current?.abort();
      opener?.focus();
    };
  }, []);

  const update = (patch: (turn: Turn) => Turn) =>
    setTurns((list) => [...list.slice(0, -1), patch(list[list.length - 1])]);

  async function ask(e?: { preventDefault(): void }) {
    e?.preventDefault();
    const q = question.trim();
    if (!q || busy) return;
    const controller = new AbortController();
    running.current = controller;
    setQuestion('');
    setTurns((list) => [...list, { question: q, answer: '', state: 'streaming' }]);
    try {
      const body = { question: q, ...(verb ? { verb } : {}) };
      for await (const piece of askDashboard(assignmentId, body, controller.signal)) {
        if (piece.kind === 'text') update((turn) => ({ ...turn, answer: turn.answer + piece.text }));
        else if (piece.kind === 'error')
          update((turn) => ({ ...turn, state: 'failed', error: piece.message }));
        else update((turn) => ({ ...turn, state: piece.stopped ? 'stopped' : 'done', cost: piece.cost }));
      }
      update((turn) => (turn.state === 'streaming' ? { ...turn, state: 'done' } : turn));
    } catch {
      update((turn) => ({ ...turn, state: controller.signal.aborted ? 'stopped' : 'failed' }));
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return (
    <aside
      className="dashboard-chat"
      id="dashboard-chat"
      aria-label={t('dashboardChat.title')}
      data-testid="dashboard-chat"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="dashboard-chat__head">
        <h3>{t('dashboardChat.title')}</h3>
        <Button variant="secondary" onClick={onClose}>
          {t('dashboardChat.close')}
        </Button>
      </header>
      <p className="dashboard-chat__note">{t('dashboardChat.note')}</p>
      <div className="dashboard-chat__log" aria-live="polite">
        {turns.map((turn, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended
          <div key={i} className="dashboard-chat__turn">
            <p className="dashboard-chat__question">{turn.question}</p>
            {turn.answer ? (
              <Markdown className="dashboard-chat__answer" text={turn.answer} />
            ) : (
              turn.state === 'streaming' && (
                <p className="dashboard-chat__wait">{t('dashboardChat.thinking')}</p>
              )
            )}
            {turn.state === 'stopped' && <p className="dashboard-chat__meta">{t('dashboardChat.stopped')}</p>}
            {turn.state === 'failed' && (
              <p className="dashboard-chat__error" role="alert">
                {t('dashboardChat.failed')}
                {turn.error ? ` ${turn.error}` : ''}
              </p>
            )}
            {turn.cost !== undefined && (
              <p className="dashboard-chat__meta">{t('dashboardChat.cost', { cost: turn.cost })}</p>
            )}
          </div>
        ))}
      </div>
      <form className="dashboard-chat__form" onSubmit={ask}>
        <label className="visually-hidden" htmlFor="dashboard-chat-question">
          {t('dashboardChat.question')}
        </label>
        <textarea
          id="dashboard-chat-question"
          ref={input}
          rows={2}
          maxLength={DASHBOARD_QUESTION_MAX}
          value={question}
          placeholder={t('dashboardChat.placeholder')}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            // Enter asks, Shift+Enter writes a new line (as in the chat).
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void ask(e);
          }}
        />
        {busy ? (
          <Button variant="secondary" onClick={() => running.current?.abort()}>
            {t('dashboardChat.stop')}
          </Button>
        ) : (
          <Button type="submit" needsConnection disabled={!question.trim()}>
            {t('dashboardChat.ask')}
          </Button>
        )}
      </form>
    </aside>
  );
}
