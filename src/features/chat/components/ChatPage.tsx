import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import { mediaLibraryHref } from '../../../shared/domain/media-library';
import { isPersonal, spacePath, useSpace } from '../../../ui/space';
import { chat, loadModels, loadSessions, openChat, send } from '../chat.store';
import { ChatComposer, ModelPills } from './ChatComposer';
import { ChatSidebar } from './ChatSidebar';
import { ChatThread } from './ChatThread';
import '../chat.css';

const PHONE = '(max-width: 768px)';
const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches === true;

function useOnline(): boolean {
  const [on, setOn] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOn(true);
    const down = () => setOn(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return on;
}

/** /{orgCode}/chat and /{orgCode}/chat/{id} (spec 03 §2), personal space included. */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const sp = useSpace();
  const snap = useSnapshot(chat);
  const online = useOnline();
  const [open, setOpen] = useState(() => !isPhone());
  const chatId = id && /^[0-9a-f]{24}$/.test(id) ? id : null;

  useEffect(() => {
    void loadSessions(sp.orgId);
    void loadModels();
  }, [sp.orgId]);
  useEffect(() => {
    if (chatId !== chat.activeId) void openChat(chatId);
  }, [chatId]);

  const go = (target: string | null) => {
    navigate(spacePath(target ? `/chat/${target}` : '/chat'));
    if (isPhone()) setOpen(false);
  };
  const onSend = async (text: string, media: Array<{ mediaId: string; url: string }>) => {
    const wasNew = !chat.activeId;
    const pending = send(text, isPersonal(sp.orgId) ? null : sp.orgId, media);
    if (wasNew) {
      // The chat exists as soon as the first message is saved: move to its address then.
      const started = setInterval(() => {
        if (chat.activeId) {
          clearInterval(started);
          navigate(spacePath(`/chat/${chat.activeId}`), { replace: true });
        }
      }, 20);
      await pending.finally(() => clearInterval(started));
    } else await pending;
  };

  const empty = !snap.activeId && !snap.messages.length;
  return (
    <div className={`chat-screen${open ? ' sidebar-open' : ''}`}>
      {open && isPhone() && (
        <button
          type="button"
          className="chat-scrim"
          aria-label={t('collapse')}
          onClick={() => setOpen(false)}
        />
      )}
      <ChatSidebar
        open={open}
        onToggle={() => setOpen(!open)}
        onNew={() => {
          void openChat(null);
          go(null);
        }}
        onSelect={(s) => go(s)}
        libraryHref={mediaLibraryHref(isPersonal(sp.orgId) ? null : sp.orgId)}
      />
      {/* The app layout's <main> holds the page: a second one would be a second landmark of the same kind. */}
      <section className="chat-main" aria-label={t('conversation')}>
        <header className="chat-main__head">
          {!open && (
            <button
              type="button"
              className="btn btn--ghost chat-main__menu"
              aria-label={t('expand')}
              onClick={() => setOpen(true)}
            >
              ☰
            </button>
          )}
          <ModelPills disabled={snap.sending} />
        </header>
        {empty ? (
          <div className="chat-empty">
            <h1>{t('emptyTitle')}</h1>
            {/* Only when there is none: beside a listed chat it said the opposite of the sidebar. */}
            {!snap.loading && !snap.sessions.length && <p className="chat-muted">{t('noHistory')}</p>}
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => document.querySelector<HTMLTextAreaElement>('.chat-composer__input')?.focus()}
            >
              {t('startChat')}
            </button>
          </div>
        ) : (
          <ChatThread />
        )}
        <ChatComposer offline={!online} onSend={(text, media) => void onSend(text, media)} />
      </section>
    </div>
  );
}
