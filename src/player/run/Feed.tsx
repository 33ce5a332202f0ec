import type { TShowItem } from '../../shared/domain/runtime';
import { Markdown } from '../../ui/Markdown';
import { useTranslation } from '../i18n';
import { ArrivingSpeech } from './ArrivingSpeech';
import { AudioItem } from './AudioItem';
import { SentPhoto } from './SentPhoto';
import { SpeakItem } from './SpeakItem';
import { TableItem } from './TableItem';
import type { TTranscriptEntry } from './transcript';

/** Everything the run has shown so far, newest last; Hide Display items remove earlier ones. */
export function Feed({
  items,
  streaming,
  transcript = [],
}: {
  items: TShowItem[];
  streaming: Record<string, string>;
  transcript?: TTranscriptEntry[];
}) {
  const hidden = new Set(items.flatMap((i) => (i.kind === 'hide' ? i.nodeIds : [])));
  return (
    <div className="pl-feed">
      {interleave(
        items.filter((i) => i.kind !== 'hide' && !hidden.has(i.nodeId)),
        transcript,
      ).map((entry) =>
        'nodeId' in entry ? (
          <section key={entry.key} className="pl-card" data-node={entry.nodeType}>
            <Item item={entry} />
          </section>
        ) : (
          <Said key={entry.key} entry={entry} />
        ),
      )}
      {Object.entries(streaming).map(([nodeId, text]) => (
        <section key={`ai-${nodeId}`} className="pl-card pl-card--ai" aria-live="polite">
          <Markdown text={text} top={2} className="pl-md" />
        </section>
      ))}
      <ArrivingSpeech />
    </div>
  );
}

/** The flow's items in order, each earlier answer (and its AI reply) after the item it followed. */
function interleave(items: TShowItem[], transcript: TTranscriptEntry[]): Array<TShowItem | TTranscriptEntry> {
  const out: Array<TShowItem | TTranscriptEntry> = [];
  let next = 0;
  for (const item of items) {
    for (; next < transcript.length && transcript[next].after < Number(item.key); next++)
      out.push(transcript[next]);
    out.push(item);
  }
  return out.concat(transcript.slice(next));
}

/** An earlier answer of the learner (right, like a sent message) or the AI's reply to it. */
function Said({ entry }: { entry: TTranscriptEntry }) {
  const { t } = useTranslation('player');
  if (entry.kind === 'ai')
    return (
      <section className="pl-card pl-card--ai">
        <Markdown text={entry.text} top={2} className="pl-md" />
      </section>
    );
  return (
    <section className="pl-card pl-said" aria-label={t('run.yourAnswer')}>
      {entry.image && <SentPhoto url={entry.image} alt={t('run.yourPhoto')} />}
      {entry.text && <p className="pl-said__text">{entry.text}</p>}
    </section>
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
      return <AudioItem url={item.url} />;
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
    case 'speak':
      return <SpeakItem text={item.text} />;
    case 'notice':
      return (
        <p className="pl-muted" role="note">
          {t(item.messageKey)}
        </p>
      );
    default:
      return null;
  }
}
