import { useSnapshot } from 'valtio';
import { LanguageMenu as Picker } from '../../../ui/LanguageMenu';
import { languageLoad } from '../../../ui/language';
import { languagesOnOffer, orgs } from '../orgs.store';

/** The navbar's language picker: what the user's spaces use, per spec 01 §9. */
export function LanguageMenu() {
  useSnapshot(orgs);
  useSnapshot(languageLoad);
  return <Picker offered={languagesOnOffer()} />;
}
