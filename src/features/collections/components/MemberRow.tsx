import { useTranslation } from 'react-i18next';
import type { TMemberSeen } from '../collections.api';
import { memberName, shownRole } from '../members.store';
import { avatarColour } from './Avatars';

/** One person: initial, name (or e-mail), e-mail, role as displayed, and a remove button for managers. */
export function MemberRow({ member, onRemove }: { member: TMemberSeen; onRemove?: () => void }) {
  const { t } = useTranslation('navbar');
  const name = memberName(member);
  const role = shownRole(member.role);
  const roleLabel = {
    owner: t('collections.role.owner'),
    admin: t('collections.role.admin'),
    collaborator: t('collections.role.collaborator'),
  }[role];
  return (
    <li className="member-row" data-testid="member-row">
      <span className="member-row__avatar" style={{ background: avatarColour(name) }} aria-hidden="true">
        {(name || '?').slice(0, 1).toUpperCase()}
      </span>
      <span className="member-row__text">
        <span className="member-row__name">{name}</span>
        <span className="member-row__meta">
          {member.email && member.email !== name && <span className="member-row__email">{member.email}</span>}
          <span className="badge badge--muted" data-testid="member-role">
            {roleLabel}
          </span>
          {member.pending && <span className="badge badge--pending">{t('collections.pending')}</span>}
        </span>
      </span>
      {onRemove && (
        <button
          type="button"
          className="btn btn--ghost btn--sm member-row__remove"
          onClick={onRemove}
          aria-label={t('collections.removeNamed', { name })}
        >
          {t('collections.remove')}
        </button>
      )}
    </li>
  );
}
