import type { TPackageUnit } from '../../shared/contract/player-launch';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';

/**
 * A cmi5 course of several AUs, played from one block: which unit is open and a way on to the next.
 * Each unit is its own launch (its own session) in the block's one registration, so the LMS can judge
 * the course once every unit met its moveOn.
 */
export function PackageUnits({
  units,
  current,
  onOpen,
}: {
  units: TPackageUnit[];
  current: string | undefined;
  onOpen: (auId: string) => void;
}) {
  const { t } = useTranslation('player');
  const at = Math.max(
    0,
    units.findIndex((u) => u.id === current),
  );
  const next = units[at + 1];
  return (
    <nav className="pl-units" aria-label={t('run.packageUnits')}>
      <p>{t('run.packageUnit', { n: at + 1, total: units.length, title: units[at]?.title ?? '' })}</p>
      {next && <Button onClick={() => onOpen(next.id)}>{t('run.packageNextUnit')}</Button>}
    </nav>
  );
}
