import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCollection } from '../../../shared/contract/collections';
import { formatDateShort } from '../../../shared/domain/dates';
import { Avatars } from './Avatars';

/** One collection in the grid: the whole card opens it. */
export const CollectionCard = memo(function CollectionCard({
  collection,
  href,
}: {
  collection: TCollection;
  href: string;
}) {
  const { t } = useTranslation('navbar');
  const c = collection;
  return (
    <Link href={href} className="card collection-card" data-testid="collection-card">
      <span className="collection-card__top">
        <span className="collection-card__icon" aria-hidden="true">
          {c.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="collection-card__name">{c.name}</span>
      </span>
      <span className="collection-card__description">{c.description || t('collections.noDescription')}</span>
      <span className="collection-card__meta">
        <span className="badge badge--muted">{t('collections.flowsCount', { count: c.flowsCount })}</span>
        <span className="collection-card__date">
          {t('collections.updated', { date: formatDateShort(c.updatedAt) })}
        </span>
        <Avatars people={c.collaborators} label={t('collections.collaboratorsLabel')} />
      </span>
    </Link>
  );
});
