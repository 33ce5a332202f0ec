import { useTranslation } from 'react-i18next';
import type { TAssignmentStatus, TAssignmentType } from '../../../shared/contract/assignments';

const TONE: Record<TAssignmentStatus, string> = {
  running: 'green',
  paused: 'amber',
  completed: 'purple',
  'not started': 'black',
};

/** Status colours of spec 02 §4 (running shows as Live); a locked assignment shows 'Locked' instead. */
export function StatusBadge({ status, isLocked }: { status: TAssignmentStatus; isLocked: boolean }) {
  const { t } = useTranslation('assignment');
  if (isLocked)
    return (
      <span className="status-badge status-badge--locked" data-testid="status-badge">
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        {t('status.locked')}
      </span>
    );
  return (
    <span className={`status-badge status-badge--${TONE[status]}`} data-testid="status-badge">
      {t(`status.${status === 'not started' ? 'notStarted' : status}`)}
    </span>
  );
}

/** The icon by type: one flow, several flows, or a book of flows. */
export function TypeIcon({ type, size = 28 }: { type: TAssignmentType; size?: number }) {
  const { t } = useTranslation('assignment');
  const paths: Record<TAssignmentType, string> = {
    single: 'M7 4h10v16H7z M10 8h4 M10 12h4',
    Multi: 'M4 6h11v14H4z M8 3h12v14 M7 10h5 M7 14h5',
    Book: 'M4 5c3-1.5 5.5-1.5 8 0v15c-2.5-1.5-5-1.5-8 0z M12 5c2.5-1.5 5-1.5 8 0v15c-3-1.5-5.5-1.5-8 0',
  };
  return (
    <span className={`type-icon type-icon--${type.toLowerCase()}`} title={t(`types.${type}`)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={paths[type]} />
      </svg>
      <span className="visually-hidden">{t(`types.${type}`)}</span>
    </span>
  );
}

/** The placeholder picture of an empty list (drawn inline: it must show offline too). */
export function EmptyPicture() {
  return (
    <svg width="160" height="120" viewBox="0 0 160 120" aria-hidden="true" className="empty-picture">
      <rect x="20" y="18" width="120" height="86" rx="10" fill="#e8eafc" />
      <rect x="34" y="34" width="62" height="8" rx="4" fill="#b7bef2" />
      <rect x="34" y="52" width="92" height="6" rx="3" fill="#d2d6f7" />
      <rect x="34" y="66" width="80" height="6" rx="3" fill="#d2d6f7" />
      <rect x="34" y="80" width="50" height="6" rx="3" fill="#d2d6f7" />
      <circle cx="124" cy="32" r="14" fill="#3b4bd8" />
      <path d="M118 32h12M124 26v12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
