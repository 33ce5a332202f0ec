import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http';
import { embedCode, type TAccessLink } from '../../../../shared/contract/assignments';
import { formatDateTime } from '../../../../shared/domain/dates';
import { Button } from '../../../../ui/Button';
import { LoadFailed } from '../../../../ui/LoadFailed';
import { SkeletonRows } from '../../../../ui/Skeleton';
import { toastSuccess } from '../../../../ui/surfaces';
import { TopUpDialog } from '../../../../ui/TopUpDialog';
import { assignmentsApi } from '../../assignments.api';
import type { DetailTabProps } from '../../detail-tabs';
import { useCopied } from '../useCopied';

interface LinksState {
  accessLinks: TAccessLink[];
  creditBalance: number;
}

/**
 * Public Access Link tab (spec 02 §2): the account balance, the links with their credits (remaining,
 * used, total), a new link, copy the link or an embed code (an iframe 100 % wide, 600 high), and the
 * shared top-up dialog that fills a link's wallet from the space's wallet.
 */
export default function PublicLinksTab({ assignment }: DetailTabProps) {
  const { t, i18n } = useTranslation('assignment');
  const [state, setState] = useState<LinksState | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [topUpFor, setTopUpFor] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const [note, setNote] = useState<{ code: string; error: boolean; text: string } | null>(null);
  const { copied, copy } = useCopied();
  const id = assignment._id;
  const amount = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(v);

  const load = useCallback(() => {
    setFailed(false);
    assignmentsApi.accessLinks(id).then(
      (r) => setState({ accessLinks: r.accessLinks, creditBalance: r.creditBalance }),
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);

  const create = async () => {
    setCreating(true);
    try {
      const res = await assignmentsApi.createAccessLink(id, assignment.orgId);
      setState((s) => (s ? { ...s, accessLinks: [res.data, ...s.accessLinks] } : s));
      toastSuccess(t('links.created'));
    } catch {
      // The api-client said why.
    } finally {
      setCreating(false);
    }
  };

  // Visitors spend a link's credits while the tab is open: one link is read again on its own (the
  // spec's link detail) without reloading the list or losing the place on it.
  const refreshLink = async (code: string) => {
    setRefreshing(code);
    setNote(null);
    try {
      const { data } = await assignmentsApi.accessLink(code);
      setState((s) => (s ? { ...s, accessLinks: s.accessLinks.map((l) => (l.id === code ? data : l)) } : s));
      const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
      setNote({ code, error: false, text: t('links.refreshed', { time }) });
    } catch (error) {
      const text = error instanceof ApiError && error.status ? error.message : t('links.refreshFailed');
      setNote({ code, error: true, text });
    } finally {
      setRefreshing(null);
    }
  };

  const links = state?.accessLinks;
  return (
    <div className="links-tab">
      <div className="links-tab__bar">
        <div>
          <p className="muted">{t('links.lead')}</p>
          {state && (
            <p className="links-tab__balance" data-testid="account-balance">
              {t('links.accountBalance', { amount: amount(state.creditBalance) })}
            </p>
          )}
        </div>
        <Button busy={creating} needsConnection onClick={() => void create()}>
          + {t('links.create')}
        </Button>
      </div>
      {failed ? (
        <LoadFailed message={t('links.loadFailed')} retryLabel={t('retry')} onRetry={load} />
      ) : !links ? (
        <SkeletonRows count={2} label={t('links.loading')} />
      ) : links.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('links.empty')}</p>
        </div>
      ) : (
        <ul className="links-list">
          {links.map((l) => (
            <li key={l.id} className="links-list__item card" data-testid="access-link">
              <div className="links-list__text">
                <code className="join-code">{l.id}</code>
                <a href={l.url} target="_blank" rel="noreferrer" className="links-list__url">
                  {l.url}
                </a>
                <span className="muted">{t('links.createdAt', { date: formatDateTime(l.createdAt) })}</span>
                <dl className="links-list__credits">
                  <div>
                    <dt>{t('links.remaining')}</dt>
                    <dd data-testid="link-remaining">{amount(l.totalRemainingValue)}</dd>
                  </div>
                  <div>
                    <dt>{t('links.used')}</dt>
                    <dd>{amount(l.totalUsedValue)}</dd>
                  </div>
                  <div>
                    <dt>{t('links.total')}</dt>
                    <dd>{amount(l.totalValue)}</dd>
                  </div>
                </dl>
                {note?.code === l.id && (
                  <p
                    className={note.error ? 'field__error' : 'muted'}
                    role={note.error ? 'alert' : 'status'}
                    data-testid="link-note"
                  >
                    {note.text}
                  </p>
                )}
              </div>
              <div className="links-list__actions">
                <Button size="sm" variant="secondary" onClick={() => void copy(`link:${l.id}`, l.url)}>
                  {copied === `link:${l.id}` ? `✓ ${t('invite.copied')}` : t('links.copyLink')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copy(`embed:${l.id}`, embedCode(l.url))}
                >
                  {copied === `embed:${l.id}` ? `✓ ${t('invite.copied')}` : t('links.copyEmbed')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  busy={refreshing === l.id}
                  disabled={refreshing === l.id}
                  onClick={() => void refreshLink(l.id)}
                >
                  {refreshing === l.id ? t('links.refreshing') : t('links.refresh')}
                </Button>
                <Button size="sm" onClick={() => setTopUpFor(l.id)}>
                  {t('links.topUp')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {topUpFor && (
        <TopUpDialog
          title={t('links.topUpTitle', { code: topUpFor })}
          onClose={() => setTopUpFor(null)}
          onTopUp={async (value, deductFrom) => {
            await assignmentsApi.topUpAccessLink(topUpFor, value, deductFrom);
            load();
          }}
        />
      )}
    </div>
  );
}
