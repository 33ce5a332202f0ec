import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveWordCloud } from './LiveWordCloud';

/**
 * A text step's answers on the projector: hidden until the teacher reveals them (as the chart's
 * names are never shown), then a word cloud, or the answers themselves as a list at the teacher's
 * choice. Neither shows who wrote what.
 */
export function LiveTextAnswers({ texts, revealed }: { texts: ReadonlyArray<string>; revealed: boolean }) {
  const { t } = useTranslation('assignment');
  const [asList, setAsList] = useState(false);
  if (!revealed) return <p className="live__muted">{t('live.hidden')}</p>;
  return (
    <>
      <button type="button" className="btn btn--secondary live__view" onClick={() => setAsList(!asList)}>
        {asList ? t('live.showCloud') : t('live.showList')}
      </button>
      {asList ? (
        <ul className="live__texts" aria-label={t('live.textAnswers')}>
          {texts.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same text may come twice; the list only grows
            <li key={i}>{text}</li>
          ))}
        </ul>
      ) : (
        <LiveWordCloud texts={texts} />
      )}
    </>
  );
}
