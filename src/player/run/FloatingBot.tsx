import {
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { CREDIT_ERROR_CODES } from '../../shared/contract/player';
import type { TFloatingAskResult, TFloatingBot } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import './floating-bot.css';

const CREDIT = new Set<string>(CREDIT_ERROR_CODES);

type Props = {
  bot: TFloatingBot;
  /** Asks the bot (useRun's askBot); undefined when the run is busy with an answer. */
  onAsk: (question: string, onPiece: (text: string) => void) => Promise<TFloatingAskResult | undefined>;
  /** A public link's learner is told to ask whoever shared it, not a teacher, when credits run out. */
  publicLink?: boolean;
  /** Its place in the corner when a flow floats more than one bot (0: the lowest). */
  stack?: number;
};

/**
 * The Floating Knowledge Bot over every step once the run has passed it: a button in the corner, and a
 * chat panel (a bottom sheet on a phone, a side panel on a wider screen) that asks the bot without
 * leaving the step. Focus moves into the panel, Tab stays in it, Escape closes it and gives focus back.
 */
export function FloatingBot({ bot, onAsk, publicLink, stack = 0 }: Props) {
  const { t } = useTranslation('player');
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const fieldId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const left = Math.max(0, bot.maxTurns - bot.asked);
  const busy = streaming !== null;

  useEffect(() => {
    if (!open) return;
    // The question field first; with no questions left, the Close button.
    const field = panel.current?.querySelector<HTMLElement>('textarea:not([disabled])');
    (field ?? panel.current?.querySelector<HTMLElement>('button'))?.focus();
    const list = panel.current?.querySelector('ol');
    list?.scrollTo?.({ top: list.scrollHeight });
  }, [open]);

  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);

  // Escape closes the panel wherever focus is (the Send button it was on is disabled while answering).
  useEffect(() => {
    if (!open) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open, close]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const focusable = panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), textarea');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const asked = question.trim();
    if (!asked || busy || left === 0) return;
    setError(null);
    setStreaming('');
    const r = await onAsk(asked, (piece) => setStreaming((s) => (s ?? '') + piece));
    setStreaming(null);
    // Back to the question field for the next one, as in any chat.
    panel.current?.querySelector<HTMLElement>('textarea:not([disabled])')?.focus();
    if (!r) setError(t('bot.busy'));
    else if (r.error) {
      const credit = r.error.detail && CREDIT.has(r.error.detail);
      setError(credit ? t(publicLink ? 'errors.linkOutOfCredits' : 'errors.askTeacher') : t('bot.failed'));
    } else if (r.answer !== undefined) setQuestion('');
    else if (r.refused) setError(t('bot.failed'));
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="pl-bot-fab"
        style={{ '--pl-bot-stack': stack } as CSSProperties}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('bot.open', { name: bot.label })}
        onClick={() => setOpen(true)}
        data-testid="floating-bot"
      >
        <span aria-hidden="true">💬</span> {t('bot.ask')}
      </button>
      {open && (
        <div className="pl-bot-layer">
          <button
            type="button"
            className="pl-bot-backdrop"
            tabIndex={-1}
            aria-hidden="true"
            onClick={close}
          />
          <div
            ref={panel}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="pl-bot-panel"
            onKeyDown={onKeyDown}
          >
            <div className="pl-bot-panel__head">
              <h2 id={titleId}>{bot.label}</h2>
              <Button variant="ghost" size="sm" onClick={close}>
                {t('bot.close')}
              </Button>
            </div>
            <ol className="pl-chat pl-bot-panel__talk" aria-live="polite" aria-busy={busy}>
              {bot.messages.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a talk only grows, its order is its identity
                <li key={`${i}-${m.role}`} className={`pl-chat__${m.role}`}>
                  {m.text}
                </li>
              ))}
              {busy && (
                <>
                  <li className="pl-chat__learner">{question.trim()}</li>
                  <li className="pl-chat__assistant">{streaming || t('bot.thinking')}</li>
                </>
              )}
            </ol>
            {error && (
              <p className="pl-error" role="alert">
                {error}
              </p>
            )}
            <form onSubmit={(e) => void submit(e)} className="pl-form">
              <label htmlFor={fieldId}>{t('bot.question')}</label>
              <textarea
                id={fieldId}
                value={question}
                rows={2}
                disabled={left === 0}
                onChange={(e) => setQuestion(e.target.value)}
              />
              <p className="pl-muted">{left === 0 ? t('bot.noneLeft') : t('bot.left', { count: left })}</p>
              <Button type="submit" busy={busy} disabled={!question.trim() || left === 0}>
                {t('run.send')}
              </Button>
            </form>
          </div>
        </div>
      )}
    </>
  );
}
