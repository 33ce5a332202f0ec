import { useTranslation } from 'react-i18next';
import type { TTaskStatus } from '../../../shared/contract/automation';

/** The status dot and label of a task (spec 03 §2): green live, amber paused, purple completed. */
export function StatusDot({ status }: { status: TTaskStatus }) {
  const { t } = useTranslation('task');
  return (
    <span className={`status-dot status-dot--${status}`} data-testid="task-status">
      <span className="status-dot__dot" aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
