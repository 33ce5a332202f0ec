import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Markdown } from '../../../ui/Markdown';
import { chatApi } from '../chat.api';
import { chat, stopAnswer } from '../chat.store';
import { OFFLINE_PROVIDER, type TChatResponse } from '../chat.types';

/** Spec 03 §4: the copy confirmation resets after 1.5 s. */
export const COPIED_MS = 1500;

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('chat');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn--sm btn--ghost"
      onClick={() => {
        void navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? t('copied') : t('copy')}
    </button>
  );
}

function Answer({ r, idx, streamingAny }: { r: TChatResponse; idx: number; streamingAny: boolean }) {
  const { t } = useTranslation('chat');
  const { models } = useSnapshot(chat);
  // The catalogue may arrive after the messages (a reload): the name is looked up when drawn.
  // The offline demo answers in place of every model: the label says so, never a model that did not
  // answer.
  const name =
    r.provider === OFFLINE_PROVIDER
      ? t('common:ai.offlineLabel')
      : (models.find((m) => m.code === r.modelId)?.name ?? r.modelName);
  return (
    <article className="chat-answer" aria-label={name} aria-busy={r.isStreaming}>
      <header className="chat-answer__head">
        <strong>{name}</strong>
        {r.isStreaming && streamingAny && (
          <button type="button" className="btn btn--sm btn--secondary" onClick={() => stopAnswer(idx)}>
            {t('stopOne')}
          </button>
        )}
      </header>
      {r.reasoningContent && (
        <details className="chat-reasoning">
          <summary>{t('reasoning')}</summary>
          <div className="chat-reasoning__text">{r.reasoningContent}</div>
        </details>
      )}
      {r.content ? (
        <Markdown text={r.content} />
      ) : (
        r.isStreaming && <p className="chat-muted">{t('thinking')}</p>
      )}
      {r.error && (
        <p className="chat-error" role="alert">
          {t(r.error, { defaultValue: r.error })}
        </p>
      )}
      <footer className="chat-answer__foot">
        {!r.isStreaming && r.content && <CopyButton text={r.content} />}
        {r.cost !== undefined && <span className="chat-cost">{t('cost', { cost: r.cost })}</span>}
      </footer>
    </article>
  );
}

/** An attached image: its local preview, else fetched with the caller's credentials. */
function MediaThumb({ mediaId, url }: { mediaId: string; url: string }) {
  const { t } = useTranslation('chat');
  const [src, setSrc] = useState(url);
  useEffect(() => {
    if (url) return;
    let made = '';
    chatApi
      .media(mediaId)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => undefined);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [mediaId, url]);
  return src ? (
    <img className="chat-thumb" src={src} alt={t('image')} />
  ) : (
    <span className="chat-thumb">{t('image')}</span>
  );
}

/** The message list: user messages, and under each the answers side by side (stacked on a phone). */
export function ChatThread() {
  const { t } = useTranslation('chat');
  const snap = useSnapshot(chat);
  const end = useRef<HTMLDivElement>(null);
  const last = snap.messages.at(-1);
  const size = last ? last.responses.reduce((n, r) => n + r.content.length, 0) : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the text as it streams
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [snap.messages.length, size]);
  return (
    <div className="chat-thread" role="log" aria-label={t('messages')}>
      {snap.messages.map((m) =>
        m.sender === 'user' ? (
          <div key={m.id} className="chat-user">
            {m.media.length > 0 && (
              <div className="chat-user__media">
                {m.media.map((x) => (
                  <MediaThumb key={x.mediaId} mediaId={x.mediaId} url={x.url} />
                ))}
              </div>
            )}
            {m.content && <div className="chat-user__bubble">{m.content}</div>}
            <CopyButton text={m.content} />
          </div>
        ) : (
          <div key={m.id} className={`chat-answers chat-answers--${m.responses.length}`}>
            {m.responses.map((r, idx) => (
              <Answer key={r.modelId} r={r} idx={idx} streamingAny={snap.sending} />
            ))}
          </div>
        ),
      )}
      <div ref={end} />
    </div>
  );
}
