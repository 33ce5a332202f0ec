import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCoOwner } from '../../../../shared/contract/assignments';
import { assignmentsApi } from '../../assignments.api';
import { Avatar, displayName } from '../Avatar';

const SHOWN = 3;

/** Who manages the assignment besides its owner, with 'View Details' to the settings route. */
export function CoOwnerSummary({ assignmentId, orgCode }: { assignmentId: string; orgCode: string }) {
  const { t } = useTranslation('assignment');
  const [coOwners, setCoOwners] = useState<TCoOwner[] | null>(null);
  useEffect(() => {
    assignmentsApi.coOwners(assignmentId).then(
      (r) => setCoOwners(r.coOwners),
      () => setCoOwners([]),
    );
  }, [assignmentId]);
  const list = coOwners ?? [];
  return (
    <div className="co-owner-summary" data-testid="co-owner-summary">
      <span className="co-owner-summary__label">{t('coOwners.title')}</span>
      <span className="co-owner-summary__avatars">
        {list.slice(0, SHOWN).map((c) => (
          <Avatar key={c.id} email={c.email} name={displayName(c, t('unknownUser'))} src={c.profileImg} />
        ))}
        {list.length > SHOWN && <span className="avatar-more">+{list.length - SHOWN}</span>}
      </span>
      <span className="co-owner-summary__count">
        {coOwners === null ? '…' : t('coOwners.count', { count: list.length })}
      </span>
      <Link href={`/${orgCode}/assignment/${assignmentId}/settings`} className="co-owner-summary__link">
        {t('coOwners.viewDetails')}
      </Link>
    </div>
  );
}
