import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTag, TToolSearchItem } from '../../../shared/contract/tools';
import { tagText } from '../tag-text';

/** One tool in the explorer grid: icon, name, description, tags and its number of flows. */
export const ToolCard = memo(function ToolCard({
  tool,
  tags,
  onOpen,
}: {
  tool: TToolSearchItem;
  tags: readonly TTag[];
  onOpen: () => void;
}) {
  const { t } = useTranslation('navbar');
  const names = tool.tagIds.flatMap((id) => {
    const tag = tags.find((one) => one.id === id);
    return tag ? [tagText(tag, t).name] : [];
  });
  return (
    <button type="button" className="card tool-card" onClick={onOpen} data-testid="tool-card">
      <span className="tool-card__icon" aria-hidden="true">
        {tool.iconUrl ? (
          <img src={tool.iconUrl} alt="" width={40} height={40} />
        ) : (
          tool.name.slice(0, 1).toUpperCase()
        )}
      </span>
      <span className="tool-card__name">{tool.name}</span>
      <span className="tool-card__description">{tool.description || t('explore.noDescription')}</span>
      <span className="tool-card__meta">
        {names.map((n) => (
          <span key={n} className="tag">
            {n}
          </span>
        ))}
        <span className="tool-card__flows">{t('explore.flowsCount', { count: tool.flowsCount })}</span>
      </span>
    </button>
  );
});
