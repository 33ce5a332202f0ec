import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LoadFailed } from '../../../ui/LoadFailed';
import { SkeletonRows } from '../../../ui/Skeleton';
import { confirmDialog, toastError, toastSuccess } from '../../../ui/surfaces';
import type { TMemberSeen } from '../collections.api';
import { loadMembers, memberName, members, removeMember, shownRole } from '../members.store';
import { InviteForm } from './InviteForm';
import { MemberRow } from './MemberRow';

/** Owner, admins and collaborators in three sections (spec 03 §6), with invite and remove for managers. */
export function MembersPanel({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('navbar');
  const snap = useSnapshot(members);
  const mine = snap.projectId === projectId;

  useEffect(() => {
    void loadMembers(projectId);
  }, [projectId]);

  const remove = async (m: TMemberSeen) => {
    const admin = shownRole(m.role) === 'admin';
    const ok = await confirmDialog({
      title: t(admin ? 'collections.removeAdminTitle' : 'collections.removeCollaboratorTitle'),
      message: t('collections.removeMessage', { name: memberName(m) }),
      confirmLabel: t('collections.remove'),
      danger: true,
    });
    if (!ok) return;
    const result = await removeMember(projectId, m);
    if (result === 'removed') {
      toastSuccess(t(admin ? 'collections.toast.adminRemoved' : 'collections.toast.collaboratorRemoved'));
    } else if (result === 'timeout') {
      toastError(t('collections.removeTimeout'));
    }
  };

  if (!mine || (snap.loading && !snap.owner))
    return <SkeletonRows count={3} label={t('collections.loadingMembers')} />;
  if (snap.failed && !snap.owner) {
    return (
      <LoadFailed
        message={t('collections.membersFailed')}
        retryLabel={t('collections.retry')}
        onRetry={() => loadMembers(projectId)}
      />
    );
  }
  const section = (title: string, list: readonly TMemberSeen[], removable: boolean, empty: string) => (
    <section className="member-section" aria-label={title}>
      <h3 className="member-section__title">
        {title} <span className="member-section__count">{list.length}</span>
      </h3>
      {list.length === 0 ? (
        <p className="member-section__empty">{empty}</p>
      ) : (
        <ul className="member-list">
          {list.map((m) => (
            <MemberRow
              key={m._id}
              member={m}
              onRemove={removable ? () => void remove(m as TMemberSeen) : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className="members-panel">
      {canManage && <InviteForm projectId={projectId} />}
      {section(t('collections.owner'), snap.owner ? [snap.owner] : [], false, '')}
      {section(t('collections.admins'), snap.admins, canManage, t('collections.noAdmins'))}
      {section(
        t('collections.collaboratorsTitle'),
        snap.collaborators,
        canManage,
        t('collections.noCollaborators'),
      )}
    </div>
  );
}
