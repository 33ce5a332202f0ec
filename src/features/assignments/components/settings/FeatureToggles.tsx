import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAssignmentDetail, TUpdateAssignmentRequest } from '../../../../shared/contract/assignments';
import { toastSuccess } from '../../../../ui/surfaces';
import { editAssignment } from '../../detail.store';

type Flag = 'signInRequired' | 'disableSubmissionReport' | 'disableDashboard' | 'disablePublicAccessLink';
/** Each switch shows "on" for the feature, so the disable flags are inverted for display. */
const FLAGS: Array<{ key: Flag; inverted: boolean }> = [
  { key: 'signInRequired', inverted: false },
  { key: 'disableSubmissionReport', inverted: true },
  { key: 'disableDashboard', inverted: true },
  { key: 'disablePublicAccessLink', inverted: true },
];

/** The per-assignment switches of spec 02 §6 (hidden tabs) and whether joining needs an account. */
export function FeatureToggles({ a }: { a: TAssignmentDetail }) {
  const { t } = useTranslation('assignment');
  const [busy, setBusy] = useState<Flag | null>(null);
  const flip = async (key: Flag) => {
    setBusy(key);
    const body: TUpdateAssignmentRequest = { [key]: !a[key] };
    const outcome = await editAssignment(body);
    setBusy(null);
    if (outcome !== 'failed') toastSuccess(t(outcome === 'done' ? 'toast.edited' : 'offline.queued'));
  };
  return (
    <section className="card settings-card" aria-labelledby="features-title">
      <h2 id="features-title">{t('features.title')}</h2>
      <ul className="feature-list">
        {FLAGS.map(({ key, inverted }) => (
          <li key={key}>
            <label className="feature-list__item">
              <input
                type="checkbox"
                checked={inverted ? !a[key] : a[key]}
                disabled={busy === key}
                onChange={() => void flip(key)}
              />
              <span>
                <strong>{t(`features.${key}`)}</strong>
                <span className="muted feature-list__hint">{t(`features.${key}Hint`)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
