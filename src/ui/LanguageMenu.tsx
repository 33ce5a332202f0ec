import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES, type TLanguage } from '../shared/domain/languages';
import { GlobeIcon } from './icons';
import { changeLanguage } from './language';
import { Menu } from './Menu';

/** Language picker over the languages on offer; the current one is always listed. */
export function LanguageMenu({ offered }: { offered: readonly TLanguage[] }) {
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
      items={list.map((code) => ({
        key: code,
        label: NATIVE_NAMES[code],
        hint: code,
        checked: current === code,
        onSelect: () => changeLanguage(code),
      }))}
    />
  );
}
