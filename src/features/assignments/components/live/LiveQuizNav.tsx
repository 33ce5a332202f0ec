import { useTranslation } from 'react-i18next';

/**
 * Steps the projector's chart through a quiz's questions, one chart each: the class discusses them in
 * the quiz's order, as a teacher goes through a test's answers. Shown only for a quiz of several.
 */
export function LiveQuizNav({
  question,
  count,
  onChange,
}: {
  /** 0-based. */
  question: number;
  count: number;
  onChange: (question: number) => void;
}) {
  const { t } = useTranslation('assignment');
  if (count < 2) return null;
  return (
    <nav className="live__quiz-nav" aria-label={t('live.questions')}>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => onChange(question - 1)}
        disabled={question === 0}
        aria-label={t('live.prevQuestion')}
      >
        ‹
      </button>
      <span data-testid="live-quiz-question">{t('live.question', { n: question + 1, count })}</span>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => onChange(question + 1)}
        disabled={question >= count - 1}
        aria-label={t('live.nextQuestion')}
      >
        ›
      </button>
    </nav>
  );
}
