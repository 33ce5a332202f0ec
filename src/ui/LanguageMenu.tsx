import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES, SUPPORTED_LANGUAGES, type TLanguage } from '../shared/domain/languages';
import { GlobeIcon } from './icons';
import { changeLanguage } from './language';
import { Menu } from './Menu';

/**
 * Language picker over the languages on offer; the current one is always listed. `more` ends the list
 * with an entry that leads to where more languages come from (spec 01 §9 offers the others only when a
 * space's default uses them, which nobody would guess).
 */
export function LanguageMenu({
  offered,
  more,
}: {
  offered: readonly TLanguage[];
  more?: { label: string; onSelect: () => void };
}) {
  const { t, i18n } = useTranslation('navbar');
  const current = i18n.language as TLanguage;
  const list = offered.includes(current) || !NATIVE_NAMES[current] ? offered : [...offered, current];
  return (
    <Menu
      label={t('language.label')}
      current={NATIVE_NAMES[current] ?? current}
      trigger={
        <span className="language-menu__current">
          <GlobeIcon /> <span className="language-menu__name">{NATIVE_NAMES[current] ?? current}</span>
        </span>
      }
      items={[
        ...list.map((code) => ({
          key: code,
          label: NATIVE_NAMES[code],
          hint: code,
          checked: current === code,
          onSelect: () => changeLanguage(code),
        })),
        ...(more && list.length < SUPPORTED_LANGUAGES.length
          ? [
              { key: 'more-separator', separator: true },
              { key: 'more', label: more.label, onSelect: more.onSelect },
            ]
          : []),
      ]}
    />
  );
}
