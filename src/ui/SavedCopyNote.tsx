import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../shared/domain/dates';

/**
 * Says a screen shows a saved copy (offline, or the server could not be reached), with the time it was
 * saved. `savedAt`: undefined = fresh (nothing shown), '' = saved at an unknown time, else ISO time.
 */
export function SavedCopyNote({
  savedAt,
  className = 'saved-copy',
  testId = 'saved-copy',
}: {
  savedAt?: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (savedAt === undefined) return null;
  return (
    <p className={className} role="status" data-testid={testId}>
      {savedAt ? t('savedCopy', { time: formatDateTime(savedAt) }) : t('savedCopyUnknown')}
    </p>
  );
}
