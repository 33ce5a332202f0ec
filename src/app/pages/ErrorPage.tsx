import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';

/** Reasons other pages and the server send here with ?reason=; anything else gets the general text. */
const REASONS = new Set(['oidc-off']);

/** /error: the app's error page, always with a way back (spec 01 §2). */
export default function ErrorPage() {
  const { t } = useTranslation('common');
  const reason = new URLSearchParams(useSearch()).get('reason') ?? '';
  const known = REASONS.has(reason) ? reason : 'general';
  return (
    <section className="not-found not-found--standalone" aria-labelledby="error-title">
      <h1 id="error-title">{t(`errorPage.${known}.title`)}</h1>
      <p>{t(`errorPage.${known}.message`)}</p>
      <div className="not-found__actions">
        <Link href="/login" className="btn btn--primary">
          {t('errorPage.toSignIn')}
        </Link>
        <Link href="/" className="btn btn--secondary">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
