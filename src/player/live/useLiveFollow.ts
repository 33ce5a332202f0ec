import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  catchUpTo,
  followedFeed,
  followStep,
  isChartRequest,
  liveAnswerOf,
  liveStepNodes,
} from '../../shared/domain/live/follow';
import { liveRegistration } from '../../shared/domain/live/registration';
import type { TLearnerAnswer, TRunState } from '../../shared/domain/runtime';
import type { TRunWhere } from '../run/ports';
import { sendLiveAnswer } from './live-answers';
import { type TLiveLesson, useLiveLesson } from './useLiveLesson';

export type TLiveFollow = {
  lesson: TLiveLesson;
  /** The lesson is on for this flow: the run follows the teacher. */
  on: boolean;
  /** The run waits at a block past the teacher's step. */
  holding: boolean;
  /** The teacher closed answers on the step the phone stands at. */
  closed: boolean;
  feed: TRunState['feed'];
  /** Answers the run; a live step's answer goes to the projector first. */
  answer(a: TLearnerAnswer): Promise<void>;
};

/**
 * The learner's run in a live lesson: the same run (useRun) with the teacher's step on top. Blocks
 * past the teacher's step stay hidden and unanswered (followStep), an answer on the teacher's step also
 * goes to the projector's chart, and every statement carries the lesson as its registration (so
 * reports find the lesson). When the lesson ends the run simply goes on at the learner's pace.
 */
type TStepFlow = Parameters<typeof liveStepNodes>[0];

const lessonOn = (lesson: TLiveLesson, flowId: string) =>
  lesson.state && lesson.state.flowId === flowId && !lesson.state.ended ? lesson.state : null;

/** The assignment's lesson, and the run's `where` with the lesson's registration while it is on. */
export function useLiveWhere(where: TRunWhere): { lesson: TLiveLesson; where: TRunWhere } {
  const lesson = useLiveLesson(where.target?.kind === 'assignment' ? where.target.id : null);
  const sessionId = lessonOn(lesson, where.flowId)?._id;
  const followed = useMemo(
    () => (sessionId ? { ...where, registration: liveRegistration(sessionId) } : where),
    [where, sessionId],
  );
  return { lesson, where: followed };
}

export function useLiveFollow(
  flow: TStepFlow,
  where: TRunWhere,
  lesson: TLiveLesson,
  state: TRunState | null,
  answerRun: (a: TLearnerAnswer) => Promise<void>,
  skipTo?: (nodeId: string, skipped: string[]) => Promise<void>,
): TLiveFollow {
  const assignmentId = where.target?.kind === 'assignment' ? where.target.id : null;
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const steps = useMemo(() => liveStepNodes(flow), [flow]);
  const live = lessonOn(lesson, where.flowId);
  const at = state?.status === 'waiting' ? state.at : null;
  const nodeStep = at ? steps.indexOf(at.nodeId) : -1;
  const decision = followStep(live, nodeStep);
  const onTeacherStep = live !== null && nodeStep === live.step;
  const closed =
    decision === 'go' &&
    live !== null &&
    at?.request !== undefined &&
    (closedAt === `${live._id}:${live.revision}:${at.nodeId}` ||
      (onTeacherStep && !live.answersOpen && isChartRequest(at.request)));

  // Behind the teacher (joined late, reconnected, still on a step the teacher left): land on the
  // teacher's step; the run records the steps between as skipped, it answers none of them.
  const catchUp = catchUpTo(live, steps, nodeStep);
  const catchUpKey = catchUp ? `${catchUp.nodeId}<${catchUp.skipped.join(',')}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: catchUpKey stands for catchUp; skipTo changes when the run is free again
  useEffect(() => {
    if (catchUp && skipTo) void skipTo(catchUp.nodeId, catchUp.skipped);
  }, [catchUpKey, skipTo]);

  const answer = useCallback(
    async (a: TLearnerAnswer) => {
      const body = live && at?.request ? liveAnswerOf(at.request, a) : null;
      // An answer behind the teacher (the moment before the phone catches up) goes to the record only.
      const forChart = live && body && at && (onTeacherStep || (live.workAhead && nodeStep > live.step));
      if (forChart && assignmentId) {
        const sent = await sendLiveAnswer(assignmentId, {
          sessionId: live._id,
          step: nodeStep,
          nodeId: at.nodeId,
          answer: body,
        });
        if (sent === 'closed') {
          setClosedAt(`${live._id}:${live.revision}:${at.nodeId}`);
          return;
        }
      }
      await answerRun(a);
    },
    [live, at, onTeacherStep, nodeStep, assignmentId, answerRun],
  );

  return {
    lesson,
    on: live !== null,
    holding: decision === 'hold',
    closed,
    feed: state ? followedFeed(state.feed, steps, live) : [],
    answer,
  };
}
