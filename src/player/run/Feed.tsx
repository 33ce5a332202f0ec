import type { TShowItem } from '../../shared/domain/runtime';
import { Markdown } from '../../ui/Markdown';
import { useTranslation } from '../i18n';
import { TableItem } from './TableItem';

/** Everything the run has shown so far, newest last; Hide Display items remove earlier ones. */
export function Feed({ items, streaming }: { items: TShowItem[]; streaming: Record<string, string> }) {
  const hidden = new Set(items.flatMap((i) => (i.kind === 'hide' ? i.nodeIds : [])));
  return (
    <div className="pl-feed">
      {items
        .filter((i) => i.kind !== 'hide' && !hidden.has(i.nodeId))
        .map((item) => (
          <section key={item.key} className="pl-card" data-node={item.nodeType}>
            <Item item={item} />
          </section>
        ))}
      {Object.entries(streaming).map(([nodeId, text]) => (
        <section key={`ai-${nodeId}`} className="pl-card pl-card--ai" aria-live="polite">
          <Markdown text={text} top={2} className="pl-md" />
        </section>
      ))}
    </div>
  );
}

function Item({ item }: { item: TShowItem }) {
  const { t } = useTranslation('player');
  switch (item.kind) {
    case 'markdown':
      return <Markdown text={item.markdown} top={2} className="pl-md" />;
    case 'image':
      return <img className="pl-media" src={item.url} alt={item.alt} loading="lazy" />;
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: authors' audio comes without captions
      return <audio className="pl-media" src={item.url} controls preload="none" />;
    case 'pdf':
      return (
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          {t('run.openPdf')}
        </a>
      );
    case 'html':
      return <iframe className="pl-frame" title={item.label} sandbox="allow-scripts" srcDoc={item.html} />;
    case 'video':
      if (item.embedUrl)
        return (
          <iframe
            className="pl-frame pl-frame--video"
            title={item.label}
            src={item.embedUrl}
            allow="encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
          />
        );
      // biome-ignore lint/a11y/useMediaCaption: authors' video comes without captions
      if (item.fileUrl) return <video className="pl-media" src={item.fileUrl} controls preload="metadata" />;
      return <p className="pl-muted">{t('run.videoUnavailable')}</p>;
    case 'download':
      return (
        <a href={item.url} download={item.name}>
          {t('run.download', { name: item.name })}
        </a>
      );
    case 'table':
      return <TableItem item={item} />;
    case 'unavailable':
      return <p className="pl-muted">{t('run.unavailable', { label: item.label || item.nodeType })}</p>;
    default:
      return null;
  }
}
