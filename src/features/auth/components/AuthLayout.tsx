import type { ReactNode } from 'react';
import { SUPPORTED_LANGUAGES } from '../../../shared/domain/languages';
import { LanguageMenu } from '../../../ui/LanguageMenu';

/** Centred card for the signed-out screens, with the brand and the language picker. */
export function AuthLayout({
  title,
  children,
  subtitle,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-layout">
      <div className="auth-layout__top">
        <span className="auth-layout__brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
          Flowlearn
        </span>
        <LanguageMenu offered={SUPPORTED_LANGUAGES.slice(0, 2)} />
      </div>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}
