import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { API_KEY_PAGE_SIZE, type TApiKey } from '../../../shared/contract/api-keys';
import { formatDateTime } from '../../../shared/domain/dates';
import { Button } from '../../../ui/Button';
import { SearchBox } from '../../../ui/SearchBox';
import { SkeletonRows } from '../../../ui/Skeleton';
import { space } from '../../../ui/space';
import { confirmDialog, toastSuccess } from '../../../ui/surfaces';
import { TopUpDialog } from '../../../ui/TopUpDialog';
import { apiKeysApi } from '../api-keys.api';
import { CreateKeyDialog } from './CreateKeyDialog';
import { RenameKeyDialog } from './RenameKeyDialog';
import '../api-keys.css';
import { LoadFailed } from '../../../ui/LoadFailed';

/** /{orgCode}/api-key-management (spec 03 §2, §7): list, search, create, rename, top up, refund and delete. */
export default function ApiKeysPage() {
  const { t, i18n } = useTranslation('task');
  const { orgId, orgCode } = useSnapshot(space);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(API_KEY_PAGE_SIZE);
  const [data, setData] = useState<{ apiKeys: TApiKey[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [topUp, setTopUp] = useState<TApiKey | null>(null);
  const [renaming, setRenaming] = useState<TApiKey | null>(null);
  const amount = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(v);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(keyword.trim()), 500);
    return () => clearTimeout(timer);
  }, [keyword]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the space changes too
  const load = useCallback(() => {
    setFailed(false);
    apiKeysApi.list({ keyword: search || undefined, limit }).then(setData, () => setFailed(true));
  }, [search, limit, orgId]);
  useEffect(load, [load]);

  const refund = async (k: TApiKey) => {
    const ok = await confirmDialog({
      title: t('keys.refundTitle'),
      message: t('keys.refundMessage', { name: k.name, amount: amount(k.balance) }),
      confirmLabel: t('keys.refund'),
      cancelLabel: t('common:actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await apiKeysApi.refund(k._id);
      toastSuccess(t('keys.refunded'));
      load();
    } catch {
      // The api-client said why.
    }
  };

  const keys = data?.apiKeys ?? [];
  return (
    <section className="page api-keys" aria-labelledby="api-keys-title">
      <header className="page__header">
        <h1 id="api-keys-title">{t('keys.title')}</h1>
        <Button onClick={() => setCreating(true)}>+ {t('keys.new')}</Button>
      </header>
      <p className="muted">
        {t('keys.lead')}{' '}
        <a href="/api/openapi.json" target="_blank" rel="noreferrer">
          {t('keys.docs')}
        </a>
      </p>
      <SearchBox
        label={t('keys.search')}
        clearLabel={t('common:actions.clear')}
        value={keyword}
        onChange={setKeyword}
      />
      {failed ? (
        <LoadFailed message={t('keys.loadFailed')} retryLabel={t('retry')} onRetry={load} />
      ) : !data ? (
        <SkeletonRows count={3} label={t('loading')} />
      ) : keys.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{search ? t('noMatch') : t('keys.empty')}</p>
        </div>
      ) : (
        <table className="api-key-table">
          <thead>
            <tr>
              <th scope="col">{t('keys.name')}</th>
              <th scope="col">{t('keys.key')}</th>
              <th scope="col">{t('keys.balance')}</th>
              <th scope="col">{t('keys.used')}</th>
              <th scope="col">{t('keys.lastUsed')}</th>
              <th scope="col">{t('keys.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k._id} data-testid="api-key-row">
                <td>
                  <Link href={`/${orgCode}/automation/api-key-activity/${k._id}`}>{k.name}</Link>
                </td>
                <td data-label={t('keys.key')}>
                  <code>{k.display}</code>
                </td>
                <td data-label={t('keys.balance')} data-testid="api-key-balance">
                  {amount(k.balance)}
                </td>
                <td data-label={t('keys.used')}>{amount(k.used)}</td>
                <td data-label={t('keys.lastUsed')}>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : '—'}</td>
                <td className="api-key-table__actions">
                  <Button size="sm" onClick={() => setTopUp(k)}>
                    {t('keys.topUp')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('keys.renameLabel', { name: k.name })}
                    onClick={() => setRenaming(k)}
                  >
                    {t('keys.rename')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => void refund(k)}>
                    {t('keys.refundDelete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.total > keys.length && (
        <div className="api-keys__more">
          <Button variant="secondary" onClick={() => setLimit((l) => l + API_KEY_PAGE_SIZE)}>
            {t('loadMore')}
          </Button>
        </div>
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} onCreated={load} />}
      {renaming && <RenameKeyDialog apiKey={renaming} onClose={() => setRenaming(null)} onRenamed={load} />}
      {topUp && (
        <TopUpDialog
          title={topUp.name}
          onClose={() => setTopUp(null)}
          onTopUp={async (value, deductFrom) => {
            await apiKeysApi.topUp(topUp._id, value, deductFrom);
            load();
          }}
        />
      )}
    </section>
  );
}
