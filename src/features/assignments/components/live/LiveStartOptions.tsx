import { useTranslation } from 'react-i18next';
import type { TLiveStartRequest } from '../../../../shared/contract/live';

/**
 * What the teacher chooses before "Start live": points and a leaderboard (off by default, a class
 * that is not competing never sees a score), and whether the leaderboard shows names (hidden by
 * default: "Learner 1…", as the projector hides who answered what).
 */
export function LiveStartOptions({
  value,
  onChange,
}: {
  value: TLiveStartRequest;
  onChange: (v: TLiveStartRequest) => void;
}) {
  const { t } = useTranslation('assignment');
  return (
    <fieldset className="live-start">
      <legend>{t('live.start')}</legend>
      <label>
        <input
          type="checkbox"
          checked={value.points === true}
          onChange={(e) => onChange({ ...value, points: e.target.checked })}
        />
        {t('live.pointsOption')}
      </label>
      {value.points && (
        <label>
          <input
            type="checkbox"
            checked={value.hideNames === false}
            onChange={(e) => onChange({ ...value, hideNames: !e.target.checked })}
          />
          {t('live.namesOption')}
        </label>
      )}
    </fieldset>
  );
}
