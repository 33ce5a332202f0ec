import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LanguageMenu } from '../../features/orgs';
import { InstallButton } from './InstallButton';

/**
 * Phones only (CSS hides it from 768 px): the sections, the language and Install behind one button,
 * so the navbar stays one row. A disclosure: Escape or a click outside closes it and gives the focus
 * back to the button; choosing a section closes it.
 */
export function PhoneMenu({ sections, base }: { sections: readonly string[]; base: string }) {
  const { t } = useTranslation('navbar');
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const section = location.split('/')[2];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location closes the menu
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    root.current?.querySelector<HTMLElement>('.phone-menu__panel a')?.focus();
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the menu
    <div
      className="phone-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // An open language list inside takes its own Escape first.
        if ((e.target as HTMLElement).closest('[role="menu"]')) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className="phone-menu__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('more.label')}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="phone-menu__icon" aria-hidden="true" />
      </button>
      <div id={id} className="phone-menu__panel" hidden={!open}>
        <nav aria-label={t('mainNav')}>
          {sections.map((s) => (
            <Link
              key={s}
              href={`/${base}/${s}`}
              className="phone-menu__link"
              aria-current={section === s ? 'page' : undefined}
            >
              {t(`sections.${s}`)}
            </Link>
          ))}
        </nav>
        <div className="phone-menu__tools">
          <LanguageMenu />
          <InstallButton />
        </div>
      </div>
    </div>
  );
}
