import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** Any unknown path, and routes whose screen is not built yet. */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <section
      className={standalone ? 'not-found not-found--standalone' : 'not-found'}
      aria-labelledby="not-found-title"
    >
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link href="/" className="btn btn--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

export default NotFoundPage;
