import { useTranslation } from 'react-i18next';
import { orgCodeStrength } from '../../../shared/domain/org-code';

/** How hard a typed organisation code is to guess: anyone who knows it can join. */
export function CodeStrength({ code }: { code: string }) {
  const { t } = useTranslation('navbar');
  if (!code.trim()) return null;
  const strength = orgCodeStrength(code.trim());
  return (
    <span className={`field__hint org-code-strength org-code-strength--${strength}`} role="status">
      {t(`orgCode.strength.${strength}`)}
    </span>
  );
}
