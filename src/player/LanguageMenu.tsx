import { NATIVE_NAMES, SUPPORTED_LANGUAGES, type TLanguage } from '../shared/domain/languages';
import { useTranslation } from './i18n';
import { applyLanguage } from './language';

/**
 * The player's language menu: all five languages, each in its own name, so a learner finds theirs
 * whatever the screen shows now. The choice is kept on the phone and wins over the phone's language.
 */
export function LanguageMenu({ onChange }: { onChange: (lng: TLanguage) => void }) {
  const { t, i18n } = useTranslation('player');
  return (
    <select
      className="pl-lang"
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(e) => {
        const lng = e.currentTarget.value as TLanguage;
        void applyLanguage(lng, true).then(() => onChange(lng));
      }}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {NATIVE_NAMES[lng]}
        </option>
      ))}
    </select>
  );
}
