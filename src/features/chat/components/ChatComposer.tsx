import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CHAT_MAX_MODELS } from '../../../shared/contract/chat';
import { LineIcon } from '../../../ui/icons';
import { addModel, chat, removeModel, stopAll } from '../chat.store';
import { attach, attachments, detach, isUploading, takeAttachments } from '../chat-attachments';
import { ChatTemplateButton } from './ChatTemplateButton';

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
export function ChatComposer(props: {
  offline: boolean;
  onSend: (text: string, media: Array<{ mediaId: string; url: string }>) => void;
}) {
  const { t } = useTranslation('chat');
  const snap = useSnapshot(chat);
  const files = useSnapshot(attachments);
  const [text, setText] = useState('');
  const uploading = isUploading(files.items);
  // Spec 03 §5: disabled when there is neither text nor an attachment, or while an upload runs.
  const empty = !text.trim() && !files.items.some((a) => a.mediaId);
  const blocked = empty || uploading || props.offline;
  const send = () => {
    if (blocked || snap.sending) return;
    props.onSend(text, takeAttachments());
    setText('');
  };
  return (
    <div className="chat-composer">
      {props.offline && (
        <p className="chat-offline" role="status">
          {t('offlineReadOnly')}
        </p>
      )}
      {files.items.length > 0 && (
        <ul className="chat-attachments" aria-label={t('attachments')}>
          {files.items.map((a) => (
            <li key={a.key} className="chat-attachment">
              {a.previewUrl && <img src={a.previewUrl} alt={a.name} />}
              {!a.mediaId && !a.error && (
                <progress max={1} value={a.progress} aria-label={t('uploading', { name: a.name })} />
              )}
              {a.error && <span className="chat-error">{a.error}</span>}
              <button
                type="button"
                aria-label={t('removeAttachment', { name: a.name })}
                onClick={() => detach(a.key)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="btn btn--ghost chat-attach" aria-disabled={props.offline || undefined}>
        <LineIcon>
          <path d="m21 12-8.5 8.5a6 6 0 0 1-8.5-8.5l9-9a4 4 0 0 1 5.7 5.7l-9 9a2 2 0 0 1-2.8-2.8l8.3-8.3" />
        </LineIcon>
        <span className="visually-hidden">{t('attachImage')}</span>
        <input
          type="file"
          accept="image/*"
          multiple
          hidden
          disabled={props.offline}
          aria-label={t('attachImage')}
          onChange={(e) => {
            if (e.target.files) attach(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      <ChatTemplateButton disabled={props.offline} onUse={setText} />
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
        <button type="button" className="btn btn--primary" disabled={blocked} onClick={send}>
          {t('send')}
        </button>
      )}
    </div>
  );
}
