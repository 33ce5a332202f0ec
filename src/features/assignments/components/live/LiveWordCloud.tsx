import { useTranslation } from 'react-i18next';
import { cloudSize, cloudWords } from './live-words';

/**
 * Text answers as a word cloud on the projector: each word sized by how many learners used it, the
 * biggest in the middle, with no one's name. A plain list of real text (not a canvas layout), so every
 * word is shown, none is dropped for lack of room, and a screen reader reads it with its count.
 */
export function LiveWordCloud({ texts }: { texts: ReadonlyArray<string> }) {
  const { t, i18n } = useTranslation('assignment');
  const words = cloudWords(texts, i18n.language || 'en');
  if (words.length === 0) return <p className="live__muted">{t('live.cloudEmpty')}</p>;
  const most = words[0].count;
  // Most used first in the list, laid out from the centre: alternate sides around the biggest word.
  const centred = [...words.filter((_, i) => i % 2).reverse(), ...words.filter((_, i) => i % 2 === 0)];
  return (
    <ul className="live__cloud" aria-label={t('live.cloud')} data-testid="live-cloud">
      {centred.map((w) => (
        <li
          key={w.word}
          style={{ fontSize: `${cloudSize(w.count, most)}rem` }}
          title={t('live.cloudCount', { count: w.count })}
          data-count={w.count}
        >
          {w.word}
          <span className="visually-hidden"> ({t('live.cloudCount', { count: w.count })})</span>
        </li>
      ))}
    </ul>
  );
}
