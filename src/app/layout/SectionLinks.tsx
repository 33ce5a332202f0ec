import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Menu } from '../../ui/Menu';
import { useNavFit } from './nav-fit';

/**
 * The navbar's sections (tablet and desk): those that fit in the row as links, the rest in a
 * "More" menu, so every section is reachable at every width. What fits is measured on
 * a hidden ruler of all the labels, never guessed from the screen width.
 */
export function SectionLinks({
  sections,
  base,
  current,
}: {
  sections: readonly string[];
  base: string;
  current: string | undefined;
}) {
  const { t } = useTranslation('navbar');
  const [, navigate] = useLocation();
  const row = useRef<HTMLElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const label = (s: string) => t(`sections.${s}`);
  const fit = useNavFit(row, ruler, sections.length, sections.map(label).join('|'));
  const rest = sections.slice(fit);
  const currentInRest = rest.find((s) => s === current);
  return (
    <nav ref={row} className="navbar__links" aria-label={t('mainNav')}>
      {sections.slice(0, fit).map((s) => (
        <Link
          key={s}
          href={`/${base}/${s}`}
          className="navbar__link"
          aria-current={current === s ? 'page' : undefined}
        >
          {label(s)}
        </Link>
      ))}
      {rest.length > 0 && (
        <div className={`navbar__more${currentInRest ? ' is-current' : ''}`} data-testid="navbar-more">
          <Menu
            label={t('more.sectionsShort')}
            current={currentInRest ? label(currentInRest) : undefined}
            trigger={<span>{t('more.sectionsShort')}</span>}
            align="start"
            items={rest.map((s) => ({ key: s, label: label(s), onSelect: () => navigate(`/${base}/${s}`) }))}
          />
        </div>
      )}
      <div ref={ruler} className="navbar__ruler" aria-hidden="true">
        {sections.map((s) => (
          <span key={s} className="navbar__link">
            {label(s)}
          </span>
        ))}
        <span className="navbar__link">
          {t('more.sectionsShort')}
          <span className="menu__caret" />
        </span>
      </div>
    </nav>
  );
}
