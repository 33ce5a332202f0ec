import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { linkHint } from '../store/link-drag';
import { WarningIcon } from './icons';

/** A small status line while a link is dragged: where it can go, or why it cannot go there. */
export function LinkBanner() {
  const { t } = useTranslation();
  const { active, refusal } = useSnapshot(linkHint);
  if (!active && !refusal) return null;
  const typeName = (type?: string) => (type ? t(`canvas.handleTypes.${type}`, { defaultValue: type }) : '');
  const text = refusal
    ? t(`canvas.refusal.${refusal.code}`, {
        defaultValue: refusal.reason,
        from: typeName(refusal.from),
        to: typeName(refusal.to),
      })
    : t('canvas.linkHint');
  return (
    <div
      className={`link-banner${refusal ? ' link-banner--refused' : ''}`}
      role="status"
      data-testid="link-banner"
    >
      {refusal && (
        <span className="link-banner__icon">
          <WarningIcon />
        </span>
      )}
      {text}
    </div>
  );
}
