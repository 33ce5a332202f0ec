import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError } from '../../../shared/api/http';
import type { TAssignmentListItem } from '../../../shared/contract/assignments';
import { LineIcon } from '../../../ui/icons';
import { confirmDialog, showToast, TOAST_MS, toastSuccess } from '../../../ui/surfaces';
import { assignmentsApi } from '../assignments.api';
import { forgetAssignment } from '../assignments.store';
import { StatusBadge, TypeIcon } from './StatusBadge';

/** The list's table (cards on phones): a row opens the assignment; its delete asks first. */
export function AssignmentTable(props: { items: TAssignmentListItem[]; orgCode: string; busy: boolean }) {
  const { t } = useTranslation('assignment');
  const [, navigate] = useLocation();
  const open = (a: TAssignmentListItem) => navigate(`/${props.orgCode}/assignment/${a._id}`);

  const remove = async (a: TAssignmentListItem) => {
    const ok = await confirmDialog({
      title: t('delete.title'),
      message: t('delete.message'),
      confirmLabel: t('common:actions.delete'),
      cancelLabel: t('common:actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await assignmentsApi.remove(a._id);
      forgetAssignment(a._id);
      toastSuccess(t('toast.deleted'));
    } catch (err) {
      const message = err instanceof ApiError && err.kind === 'http' && err.message ? err.message : '';
      showToast({
        type: 'Error',
        title: t('delete.errorTitle'),
        message: message || t('delete.error'),
        durationMs: TOAST_MS.standard,
      });
    }
  };

  return (
    <table className={`assignment-table${props.busy ? ' is-refreshing' : ''}`} aria-busy={props.busy}>
      <thead>
        <tr>
          <th scope="col">{t('columns.name')}</th>
          <th scope="col">{t('columns.status')}</th>
          <th scope="col">{t('columns.participants')}</th>
          <th scope="col">{t('columns.tools')}</th>
          <th scope="col">{t('columns.code')}</th>
          <th scope="col">{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {props.items.map((a) => (
          <tr
            key={a._id}
            className="assignment-row"
            data-testid="assignment-row"
            onClick={() => open(a)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) open(a);
            }}
            tabIndex={0}
          >
            <td className="assignment-row__name">
              <TypeIcon type={a.type} size={22} />
              <span>
                <span className="assignment-row__title">{a.name}</span>
                {a.description && <span className="assignment-row__description">{a.description}</span>}
              </span>
            </td>
            <td data-label={t('columns.status')}>
              <StatusBadge status={a.status} isLocked={a.isLocked} />
            </td>
            <td data-label={t('columns.participants')}>{a.participants}</td>
            <td data-label={t('columns.tools')}>{a.tools}</td>
            <td data-label={t('columns.code')}>
              <code className="join-code">{a.code}</code>
            </td>
            <td className="assignment-row__actions">
              <button
                type="button"
                className="icon-button icon-button--danger"
                aria-label={t('delete.label', { name: a.name })}
                onClick={(e) => {
                  e.stopPropagation();
                  void remove(a);
                }}
              >
                <LineIcon>
                  <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
                </LineIcon>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
