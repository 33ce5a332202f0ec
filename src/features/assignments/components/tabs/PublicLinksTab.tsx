import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { embedCode, type TAccessLink } from '../../../../shared/contract/assignments';
import { formatDateTime } from '../../../../shared/domain/dates';
import { Button } from '../../../../ui/Button';
import { SkeletonRows } from '../../../../ui/Skeleton';
import { toastSuccess } from '../../../../ui/surfaces';
import { assignmentsApi } from '../../assignments.api';
import type { DetailTabProps } from '../../detail-tabs';
import { useCopied } from '../useCopied';

/**
 * Public Access Link tab (spec 02 §2): the links, a new one, copy the link or an embed code (an
 * iframe 100 % wide, 600 high). Each link's credit balance and top-up come with the credits area.
 */
export default function PublicLinksTab({ assignment }: DetailTabProps) {
  const { t } = useTranslation('assignment');
  const [links, setLinks] = useState<TAccessLink[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const { copied, copy } = useCopied();
  const id = assignment._id;

  const load = useCallback(() => {
    setFailed(false);
    assignmentsApi.accessLinks(id).then(
      (r) => setLinks(r.accessLinks),
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);

  const create = async () => {
    setCreating(true);
    try {
      const res = await assignmentsApi.createAccessLink(id, assignment.orgId);
      setLinks((l) => [res.data, ...(l ?? [])]);
      toastSuccess(t('links.created'));
    } catch {
      // The api-client said why.
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="links-tab">
      <div className="links-tab__bar">
        <p className="muted">{t('links.lead')}</p>
        <Button busy={creating} needsConnection onClick={() => void create()}>
          + {t('links.create')}
        </Button>
      </div>
      {failed ? (
        <div className="empty-state" role="alert">
          <p>{t('links.loadFailed')}</p>
          <Button variant="secondary" onClick={load}>
            {t('retry')}
          </Button>
        </div>
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
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
