import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TPromptTemplate } from '../../../shared/contract/prompt-templates';
import { formatDateTime } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { LoadFailed } from '../../../ui/LoadFailed';
import { promptTemplatesApi } from '../../../ui/prompt-templates/templates.api';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { confirmDialog, toastSuccess } from '../../../ui/surfaces';
import { TemplateEditorDialog } from './TemplateEditorDialog';
import '../../../ui/prompt-templates/prompt-templates.css';
import '../prompt-templates.css';

/**
 * /{orgCode}/prompt-templates (spec 03 §3): the space's prompt templates beside its other libraries.
 * Search, new, edit and delete; members of an organisation see all of them and change their own
 * (admins change every one), as the server decides (`canEdit`).
 */
export default function PromptTemplatesPage() {
  const { t } = useTranslation('templates');
  const { orgId } = useSnapshot(space);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [list, setList] = useState<TPromptTemplate[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<TPromptTemplate | 'new' | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the space changes too
  const load = useCallback(() => {
    setFailed(false);
    promptTemplatesApi.list(search || undefined).then(
      (res) => setList(res.templates),
      () => setFailed(true),
    );
  }, [search, orgId]);
  useEffect(load, [load]);

  const remove = async (tpl: TPromptTemplate) => {
    const ok = await confirmDialog({
      title: t('deleteTitle'),
      message: t('deleteMessage', { name: tpl.name }),
      confirmLabel: t('delete'),
      cancelLabel: t('common:actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await promptTemplatesApi.remove(tpl._id);
      toastSuccess(t('deleted'));
      load();
    } catch {
      // The api-client said why.
    }
  };

  return (
    <section className="page prompt-templates" aria-labelledby="tpl-title">
      <header className="page__header">
        <h1 id="tpl-title">{t('title')}</h1>
        <Button onClick={() => setEditing('new')} needsConnection>
          + {t('new')}
        </Button>
      </header>
      <p className="muted">{t('lead')}</p>
      <SearchBox
        label={t('search')}
        clearLabel={t('common:actions.clear')}
        value={keyword}
        onChange={setKeyword}
      />
      {failed ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} />
      ) : !list ? (
        <SkeletonRows count={3} label={t('loading')} />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{search ? t('noMatch') : t('empty')}</p>
          {!search && <p className="muted">{t('emptyHint')}</p>}
        </div>
      ) : (
        <ul className="tpl-list">
          {list.map((tpl) => {
            const fields = tpl.sections.reduce((n, s) => n + s.fields.length, 0);
            return (
              <li key={tpl._id} className="tpl-card" data-testid="tpl-card">
                <div className="tpl-card__head">
                  <span className="tpl-icon" aria-hidden="true">
                    {tpl.icon || '✦'}
                  </span>
                  <h2>{tpl.name}</h2>
                </div>
                {tpl.description && <p className="muted">{tpl.description}</p>}
                <p className="muted tpl-card__meta">
                  {t('meta', { count: fields, date: formatDateTime(tpl.updatedAt) })}
                </p>
                {tpl.canEdit && (
                  <div className="tpl-card__actions">
                    <Button
                      size="sm"
                      aria-label={t('editLabel', { name: tpl.name })}
                      onClick={() => setEditing(tpl)}
                    >
                      {t('edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('deleteLabel', { name: tpl.name })}
                      onClick={() => void remove(tpl)}
                    >
                      {t('delete')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <TemplateEditorDialog
          template={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
      )}
    </section>
  );
}
