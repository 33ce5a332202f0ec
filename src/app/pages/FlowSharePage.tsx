import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearch } from 'wouter';
import { shareLink } from '../../shared/domain/viewer-links';

/**
 * /editor/flow/share/{id} (spec 01 §2 "Flow links"): the editor's name for the viewer's share page.
 * It opens /viewer/flow/share/{id} — a published flow or a block type's demo — with its `provider`.
 */
export default function FlowSharePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const provider = new URLSearchParams(useSearch()).get('provider');
  const to = shareLink(id, provider);
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return (
    <p className="muted" role="status">
      <a href={to}>{t('flowShare.opening')}</a>
    </p>
  );
}
