import { useTranslation } from 'react-i18next';
import type { TGeneratorMessage } from '../generator.store';

/** The conversation: the prompt, one assistant step per stage (title, streamed text, done marker), the widget list. */
export function GeneratorMessages({
  messages,
  running,
}: {
  messages: ReadonlyArray<TGeneratorMessage>;
  /** False once the generation stopped: an unfinished step shows that, not a spinner. */
  running: boolean;
}) {
  const { t } = useTranslation('generator');
  return (
    <ol className="gen-messages" aria-live="polite">
      {messages.map((m) => {
        if (m.role === 'user') {
          return (
            <li key={m.id} className="gen-msg gen-msg--user" aria-label={t('you')}>
              {m.content}
            </li>
          );
        }
        if (m.widgets) {
          return (
            <li key={m.id} className="gen-msg gen-msg--widgets" data-testid="generator-widgets">
              <p>{m.widgets.length ? t('widgetsUsed') : t('flowReady')}</p>
              {m.widgets.length > 0 && (
                <ul>
                  {[...new Set(m.widgets.map((w) => w.widgetDescription || w.widgetId))].map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        }
        return (
          <li
            key={m.id}
            className={`gen-msg gen-step${m.isStatusDone ? ' is-done' : ''}`}
            data-stage={m.status}
            data-done={m.isStatusDone ? 'true' : 'false'}
          >
            <div className="gen-step__head">
              {m.isStatusDone ? (
                <span className="gen-step__mark" role="img" aria-label={t('done')}>
                  ✓
                </span>
              ) : running ? (
                <span className="spinner spinner--inline" role="img" aria-label={t('inProgress')} />
              ) : (
                <span className="gen-step__mark is-unfinished" role="img" aria-label={t('notFinished')}>
                  –
                </span>
              )}
              <span className="gen-step__title">{t(`stages.${m.status ?? 'flow_generation'}`)}</span>
            </div>
            {m.content && <p className="gen-step__text">{m.content}</p>}
          </li>
        );
      })}
    </ol>
  );
}
