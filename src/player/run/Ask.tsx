import { type FormEvent, useState } from 'react';
import type { TLearnerAnswer, TLearnerRequest, TWaiting } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { DictateButton } from './DictateButton';
import { MediaAsk } from './MediaAsk';
import { PackageAsk } from './PackageAsk';
import type { TRunWhere } from './ports';
import { WhiteboardAsk } from './WhiteboardAsk';

/** The one thing the run waits for: Next, a button, a text, a quiz, a choice, a form, a chat turn. */
export function Ask({
  waiting,
  busy,
  onAnswer,
  where,
}: {
  waiting: TWaiting;
  busy: boolean;
  onAnswer: (a: TLearnerAnswer) => void;
  /** Where the run happens: a package launch needs the assignment (or link) and the flow. */
  where?: TRunWhere;
}) {
  return (
    <div className="pl-ask" data-request={waiting.request.kind}>
      <Request
        key={`${waiting.nodeId}-${waiting.request.kind}`}
        request={waiting.request}
        busy={busy}
        onAnswer={onAnswer}
        where={where}
      />
    </div>
  );
}

function Request({
  request,
  busy,
  onAnswer,
  where,
}: {
  request: TLearnerRequest;
  busy: boolean;
  onAnswer: (a: TLearnerAnswer) => void;
  where?: TRunWhere;
}) {
  const { t } = useTranslation('player');
  const [text, setText] = useState('');
  const [values, setValues] = useState<Record<string, string | string[]>>({});
  const submit = (e: FormEvent, a: TLearnerAnswer) => {
    e.preventDefault();
    onAnswer(a);
  };
  switch (request.kind) {
    case 'continue':
    case 'timer':
      return (
        <Button busy={busy} onClick={() => onAnswer({ kind: 'continue' })}>
          {request.kind === 'timer'
            ? t('run.continueAfterWait', { seconds: request.seconds })
            : t('run.next')}
        </Button>
      );
    case 'button':
      return (
        <Button busy={busy} onClick={() => onAnswer({ kind: 'continue' })}>
          {request.text || t('run.next')}
        </Button>
      );
    case 'text':
    case 'conversation':
      return (
        <form onSubmit={(e) => submit(e, { kind: 'text', text })} className="pl-form">
          {request.kind === 'text' && request.prompt && <label htmlFor="pl-text">{request.prompt}</label>}
          {request.kind === 'conversation' && (
            <ol className="pl-chat">
              {request.messages.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a transcript only grows, its order is its identity
                <li key={`${i}-${m.role}`} className={`pl-chat__${m.role}`}>
                  {m.text}
                </li>
              ))}
            </ol>
          )}
          <textarea
            id="pl-text"
            value={text}
            placeholder={
              request.kind === 'text' ? request.placeholder || t('run.typeAnswer') : t('run.typeAnswer')
            }
            onChange={(e) => setText(e.target.value)}
            rows={3}
          />
          {request.kind === 'text' && (
            <DictateButton onText={(said) => setText((v) => (v ? `${v} ${said}` : said))} />
          )}
          <div className="pl-row">
            <Button type="submit" busy={busy} disabled={!text.trim()}>
              {t('run.send')}
            </Button>
            {request.kind === 'conversation' && (
              <Button variant="secondary" disabled={busy} onClick={() => onAnswer({ kind: 'end' })}>
                {t('run.endChat')}
              </Button>
            )}
          </div>
        </form>
      );
    case 'choice':
      return (
        <div className="pl-choices">
          {request.prompt && <p>{request.prompt}</p>}
          {request.options.map((o) => (
            <Button
              key={o.id}
              variant="secondary"
              disabled={busy}
              onClick={() => onAnswer({ kind: 'choice', optionId: o.id })}
            >
              {o.label}
            </Button>
          ))}
        </div>
      );
    case 'form':
      return (
        <form
          className="pl-form"
          onSubmit={(e) => submit(e, { kind: 'form', values: values as Record<string, string> })}
        >
          {request.fields.map((f) => (
            <label key={f.id} className="pl-field">
              <span>{f.label}</span>
              <textarea
                rows={f.multiline ? 3 : 1}
                required={f.required}
                value={String(values[f.id] ?? '')}
                onChange={(e) => setValues({ ...values, [f.id]: e.target.value })}
              />
            </label>
          ))}
          <Button type="submit" busy={busy}>
            {t('run.send')}
          </Button>
        </form>
      );
    case 'quiz':
      return (
        <form className="pl-form pl-quiz" onSubmit={(e) => submit(e, { kind: 'quiz', responses: values })}>
          {request.title && <h2>{request.title}</h2>}
          {request.questions.map((q) => (
            <fieldset key={q.id} className="pl-question">
              <legend>{q.prompt}</legend>
              {q.kind === 'text' ? (
                <input
                  value={String(values[q.id] ?? '')}
                  onChange={(e) => setValues({ ...values, [q.id]: e.target.value })}
                />
              ) : (
                q.options.map((o) => {
                  const multiple = q.kind === 'multiple';
                  const chosen = values[q.id];
                  const checked = multiple ? Array.isArray(chosen) && chosen.includes(o) : chosen === o;
                  return (
                    <label key={o} className="pl-option">
                      <input
                        type={multiple ? 'checkbox' : 'radio'}
                        name={q.id}
                        checked={checked}
                        onChange={() => {
                          if (!multiple) return setValues({ ...values, [q.id]: o });
                          const list = Array.isArray(chosen) ? chosen : [];
                          setValues({
                            ...values,
                            [q.id]: checked ? list.filter((x) => x !== o) : [...list, o],
                          });
                        }}
                      />
                      <span>{o}</span>
                    </label>
                  );
                })
              )}
            </fieldset>
          ))}
          <Button type="submit" busy={busy}>
            {t('run.submitQuiz')}
          </Button>
        </form>
      );
    case 'media':
      return <MediaAsk request={request} busy={busy} onAnswer={onAnswer} />;
    case 'draw':
      return <WhiteboardAsk request={request} busy={busy} onAnswer={onAnswer} />;
    case 'package':
      return <PackageAsk request={request} busy={busy} onAnswer={onAnswer} where={where} />;
  }
}
