import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { LanguageMenu as Picker } from '../../../ui/LanguageMenu';
import { languageLoad } from '../../../ui/language';
import { spacePath } from '../../../ui/space';
import { languagesOnOffer, orgs } from '../orgs.store';

/**
 * The navbar's language picker: what the user's spaces use, per spec 01 §9, and "More languages…",
 * which opens the space's default-language setting (an admin changes it there; anyone else reads
 * there who can).
 */
export function LanguageMenu() {
  const { t } = useTranslation('navbar');
  const [, navigate] = useLocation();
  useSnapshot(orgs);
  useSnapshot(languageLoad);
  return (
    <Picker
      offered={languagesOnOffer()}
      more={{ label: t('language.more'), onSelect: () => navigate(spacePath('/settings')) }}
    />
  );
}
