import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TLiveStartRequest } from '../../../../shared/contract/live';
import { Button } from '../../../../ui/Button';
import { useClassroomScreen } from '../detail/use-classroom-screen';
import { LiveControls } from './LiveControls';
import { LiveLeaderboard } from './LiveLeaderboard';
import { LiveQuizNav } from './LiveQuizNav';
import { LiveTextAnswers } from './LiveTextAnswers';
import { questionCount, quizBars, tallyAnswers } from './live-tally';
import { useLiveSession } from './use-live-session';
import { useLiveStepText } from './use-live-step-text';
import { usePageLocked } from './use-page-locked';
import './live.css';

const LiveChart = lazy(() => import('./LiveChart'));
const QR_PX = 480;

/**
 * "Start live": the projector's screen of a live lesson. Before the first step the join
 * QR and code, the names of those who joined and their count; then the teacher's step, how many
 * answered, the distribution of the choices filling in as answers arrive, and the text answers (a
 * word cloud, or a list) once the teacher reveals them; never anyone's answer by name.
 * The controls sit at the bottom for the teacher's tablet (the same page on the projector).
 * The screen is put straight in the document's body and the page under it is held still: it owns the
 * whole viewport, whatever the assignment page around the button that opened it does.
 */
export function LiveClassroom(props: {
  assignmentId: string;
  link: string;
  name: string;
  onClose: () => void;
  /** Chosen before starting (points and a leaderboard, names on it); a lesson already on keeps its own. */
  options?: TLiveStartRequest;
}) {
  const { t } = useTranslation('assignment');
  const live = useLiveSession(props.assignmentId, props.options);
  // The leaderboard on the projector, between steps: shown until the teacher goes back or moves on.
  const [boardAt, setBoardAt] = useState<number | null>(null);
  // The quiz question the chart shows, of the step it was chosen on (a new step starts at the first).
  const [shown, setShown] = useState({ step: -1, question: 0 });
  const { onClose, link } = props;
  const { root, qr } = useClassroomScreen(link, QR_PX, onClose);
  usePageLocked();

  const { state, members, answers } = live;
  const questions = questionCount(answers, live.quiz);
  const question = state && shown.step === state.step ? Math.min(shown.question, questions - 1) : 0;
  const asked = live.quiz?.questions[question];
  const tally = tallyAnswers(answers, question);
  const bars = quizBars(tally.choices, asked);
  const right = asked?.correct ?? [];
  const board = state?.points && boardAt === state.step && !state.ended;
  const stepText = useLiveStepText(state?.flowId, state?.step);
  const heading = asked?.prompt || stepText?.text || stepText?.label;
  return createPortal(
    <div
      ref={root}
      className="classroom live"
      role="dialog"
      aria-modal="true"
      aria-label={t('live.title')}
      tabIndex={-1}
    >
      <button type="button" className="classroom__close btn btn--secondary" onClick={onClose}>
        {t('common:actions.close')}
      </button>
      <h2 className="classroom__name">{props.name}</h2>
      {live.failed && <p className="field__error">{t('live.failed')}</p>}
      {live.reconnecting && (
        <p className="live__notice" role="status">
          {t('live.reconnecting')}
        </p>
      )}
      {!state && !live.failed && <span className="spinner" role="status" aria-label={t('loading')} />}
      {state && (
        <>
          <div className="live__top">
            {qr && <img className="live__qr" src={qr} alt={t('qr.alt', { code: state.code })} />}
            <div className="live__join">
              <p className="classroom__code" data-testid="live-code">
                {state.code}
              </p>
              <p className="live__count" data-testid="live-count">
                {t('live.joined', { count: state.memberCount })}
              </p>
            </div>
          </div>
          {members.length === 0 ? (
            <p className="live__muted">{t('live.waiting')}</p>
          ) : (
            <ul className="live__names" aria-label={t('live.names')}>
              {members.map((m) => (
                <li key={m.userId}>{m.name}</li>
              ))}
            </ul>
          )}
          {state.ended ? (
            <p className="live__step">{t('live.ended')}</p>
          ) : (
            <section className="live__stage" aria-live="polite">
              <p className="live__step" data-testid="live-step">
                {t('live.step', { step: state.step + 1, count: state.stepCount })}
              </p>
              {!board && (
                <LiveQuizNav
                  question={question}
                  count={questions}
                  onChange={(q) => setShown({ step: state.step, question: q })}
                />
              )}
              {heading && (
                <p className="live__question" data-testid="live-question">
                  {heading}
                </p>
              )}
              <p className="live__muted">
                {t('live.answers', { count: answers.length })} ·{' '}
                {state.answersOpen ? t('live.open') : t('live.closed')}
              </p>
              {state.points && (
                <button
                  type="button"
                  className="btn btn--secondary live__board-toggle"
                  onClick={() => setBoardAt(board ? null : state.step)}
                  aria-pressed={Boolean(board)}
                >
                  {board ? t('live.hideBoard') : t('live.showBoard')}
                </button>
              )}
              {/* Above the chart, which fills the height left above the controls. */}
              {!board && right.length > 0 && (
                <p className="live__right" data-testid="live-right">
                  {t('live.right', { answer: right.join(', ') })}
                </p>
              )}
              {board && <LiveLeaderboard assignmentId={props.assignmentId} live={live.board} />}
              {!board && bars.length > 0 && (
                <Suspense fallback={<span className="spinner" role="status" aria-label={t('loading')} />}>
                  <LiveChart choices={bars} />
                </Suspense>
              )}
              {!board && tally.texts.length > 0 && (
                <LiveTextAnswers texts={tally.texts} revealed={state.revealed} />
              )}
            </section>
          )}
          {!state.ended && <LiveControls state={state} act={live.act} />}
          {state.ended && <Button onClick={onClose}>{t('common:actions.close')}</Button>}
        </>
      )}
    </div>,
    document.body,
  );
}
