import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { groupChats } from '../../../shared/domain/chat-grouping';
import { Menu } from '../../../ui/Menu';
import { confirmDialog } from '../../../ui/surfaces';
import { chat, deleteChat, displayTitle, renameChat } from '../chat.store';
import type { TSessionItem } from '../chat.types';

const GROUPS = ['today', 'previous7Days', 'previous30Days'] as const;

/** The session list (spec 03 §2, §4): New Chat, Search chat, Library, grouped sessions with a menu each. */
export function ChatSidebar(props: {
  open: boolean;
  onToggle: () => void;
  onNew: () => void;
  onSelect: (chatId: string) => void;
  libraryHref: string;
}) {
  const { t } = useTranslation('chat');
  const snap = useSnapshot(chat);
  const [searching, setSearching] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const shown = keyword.trim()
    ? snap.sessions.filter((s) => displayTitle(s).toLowerCase().includes(keyword.trim().toLowerCase()))
    : snap.sessions;
  const groups = groupChats(shown as TSessionItem[], (s) => s.timestamp);
  const select = (id: string) => {
    setKeyword('');
    setSearching(false);
    props.onSelect(id);
  };

  return (
    <aside className={`chat-sidebar${props.open ? ' is-open' : ''}`} aria-label={t('sessions')}>
      <div className="chat-sidebar__top">
        <button
          type="button"
          className="btn btn--ghost chat-sidebar__toggle"
          aria-label={props.open ? t('collapse') : t('expand')}
          aria-expanded={props.open}
          onClick={props.onToggle}
        >
          ☰
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onNew} title={t('newChat')}>
          <span aria-hidden="true">+</span>
          <span className="chat-sidebar__label">{t('newChat')}</span>
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          aria-pressed={searching}
          onClick={() => {
            // The box lives in the sidebar's body: a collapsed sidebar opens so the box can take focus.
            if (!searching && !props.open) props.onToggle();
            setSearching(!searching);
          }}
          title={t('searchChat')}
        >
          <span aria-hidden="true">⌕</span>
          <span className="chat-sidebar__label">{t('searchChat')}</span>
        </button>
        {/* Named even when the collapsed sidebar hides its label (a phone's first view). */}
        <a
          className="btn btn--ghost"
          href={props.libraryHref}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('library')}
          title={t('library')}
        >
          <span aria-hidden="true">▤</span>
          <span className="chat-sidebar__label">{t('library')}</span>
        </a>
      </div>
      {props.open && (
        <div className="chat-sidebar__body">
          {searching && (
            <input
              className="input"
              type="search"
              // Search chat means typing now: the box takes focus as it appears.
              autoFocus
              aria-label={t('searchChat')}
              placeholder={t('searchChat')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
            />
          )}
          {snap.error && (
            <p className="chat-error" role="alert">
              {t(snap.error, { defaultValue: snap.error })}
            </p>
          )}
          {snap.loading && !snap.sessions.length && <p className="chat-muted">{t('loading')}</p>}
          {!snap.loading && !snap.sessions.length && <p className="chat-muted">{t('noHistory')}</p>}
          {GROUPS.map((g) =>
            groups[g].length ? (
              <section key={g} className="chat-group">
                <h2 className="chat-group__title">{t(`groups.${g}`)}</h2>
                <ul>
                  {groups[g].map((s) => (
                    <SessionRow
                      key={s.chatId}
                      session={s}
                      active={s.chatId === snap.activeId}
                      editing={editing === s.chatId}
                      onEdit={(on) => setEditing(on ? s.chatId : null)}
                      onSelect={() => select(s.chatId)}
                    />
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </div>
      )}
    </aside>
  );
}

/** A chat and its answers are gone for good once deleted: ask first, naming the chat. */
async function confirmDelete(chatId: string, title: string): Promise<void> {
  const t = i18n.getFixedT(null, 'chat');
  const ok = await confirmDialog({
    title: t('deleteTitle'),
    message: t('deleteConfirm', { title }),
    confirmLabel: t('delete'),
    cancelLabel: t('cancel'),
    danger: true,
  });
  if (ok) await deleteChat(chatId);
}

function SessionRow(props: {
  session: TSessionItem;
  active: boolean;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onSelect: () => void;
}) {
  const { t } = useTranslation('chat');
  const title = displayTitle(props.session);
  const [draft, setDraft] = useState(title);
  const save = async () => {
    const next = draft.trim();
    if (next && next !== title) await renameChat(props.session.chatId, next);
    props.onEdit(false);
  };
  if (props.editing) {
    return (
      <li className="chat-row is-editing">
        <input
          className="input"
          aria-label={t('editTitle')}
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
            if (e.key === 'Escape') props.onEdit(false);
          }}
        />
        <button type="button" className="btn btn--sm btn--primary" onClick={() => void save()}>
          {t('save')}
        </button>
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => props.onEdit(false)}>
          {t('cancel')}
        </button>
      </li>
    );
  }
  return (
    <li className={`chat-row${props.active ? ' is-active' : ''}`}>
      <button
        type="button"
        className="chat-row__title"
        aria-current={props.active ? 'page' : undefined}
        onClick={props.onSelect}
      >
        {title}
      </button>
      <Menu
        label={t('sessionMenu', { title })}
        trigger={<span aria-hidden="true">⋯</span>}
        items={[
          {
            key: 'edit',
            label: t('editTitle'),
            onSelect: () => {
              setDraft(title);
              props.onEdit(true);
            },
          },
          {
            key: 'delete',
            label: t('delete'),
            onSelect: () => void confirmDelete(props.session.chatId, title),
          },
        ]}
      />
    </li>
  );
}
