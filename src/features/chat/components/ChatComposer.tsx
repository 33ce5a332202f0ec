import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CHAT_MAX_MODELS } from '../../../shared/contract/chat';
import { addModel, chat, removeModel, stopAll } from '../chat.store';

/** Model pills: at most two, the last one cannot be removed (spec 03 §5). */
export function ModelPills({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('chat');
  const snap = useSnapshot(chat);
  const nameOf = (code: string) => snap.models.find((m) => m.code === code)?.name ?? code;
  const addable = snap.models.filter((m) => !m.disabled && !snap.selected.includes(m.code));
  return (
    <fieldset className="chat-pills" aria-label={t('models')}>
      {snap.selected.map((code) => (
        <span key={code} className="chat-pill">
          {nameOf(code)}
          {snap.selected.length > 1 && (
            <button
              type="button"
              aria-label={t('removeModel', { name: nameOf(code) })}
              disabled={disabled}
              onClick={() => removeModel(code)}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {snap.selected.length < CHAT_MAX_MODELS && addable.length > 0 && (
        <select
          className="input chat-pills__add"
          aria-label={t('addModel')}
          value=""
          disabled={disabled}
          onChange={(e) => e.target.value && addModel(e.target.value)}
        >
          <option value="">{t('addModel')}</option>
          {addable.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </select>
      )}
    </fieldset>
  );
}

/** Enter sends, Shift+Enter inserts a newline; disabled while empty; Stop while answers stream. */
export function ChatComposer(props: { offline: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation('chat');
  const snap = useSnapshot(chat);
  const [text, setText] = useState('');
  const empty = !text.trim();
  const send = () => {
    if (empty || snap.sending || props.offline) return;
    props.onSend(text);
    setText('');
  };
  return (
    <div className="chat-composer">
      {props.offline && (
        <p className="chat-offline" role="status">
          {t('offlineReadOnly')}
        </p>
      )}
      <textarea
        className="input chat-composer__input"
        aria-label={t('message')}
        placeholder={t('placeholder')}
        rows={2}
        value={text}
        disabled={props.offline}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      {snap.sending ? (
        <button type="button" className="btn btn--secondary" onClick={stopAll}>
          {t('stop')}
        </button>
      ) : (
        <button type="button" className="btn btn--primary" disabled={empty || props.offline} onClick={send}>
          {t('send')}
        </button>
      )}
    </div>
  );
}
