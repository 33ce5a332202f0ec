import {
  LIVE_ENDED,
  LIVE_STEP_CLOSED,
  LiveMessage,
  type TLiveAction,
  type TLiveAnswerRequest,
  type TLiveLeaderboard,
  type TLiveMember,
  type TLiveResults,
  type TLiveScore,
  type TLiveStartRequest,
  type TLiveState,
} from '../../shared/contract/live';
import { newId } from '../../shared/domain/ids';
import { liveRightCount } from '../../shared/domain/live/quiz-key';
import { liveRegistration } from '../../shared/domain/live/registration';
import { type Caller, managedAssignment } from '../assignments/access';
import type { AssignmentRow } from '../assignments/assignments.repo';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { assertOpen, type PlayerAccess } from '../player/player.service';
import { liveBusOf } from './live.bus';
import { leaderboardOf, liveQuizKeysOf, liveStandings } from './live.points.repo';
import {
  addLiveMember,
  applyLiveAction,
  countLiveMembers,
  findLiveSession,
  findOpenLiveSession,
  flowStepCount,
  insertLiveSession,
  isLiveMember,
  type LiveSessionRow,
  listLiveAnswers,
  listLiveMembers,
  saveLiveAnswer,
} from './live.repo';
import { liveStandingsSoon } from './live.scores';

const noSession = () => notFound('Live session');

/**
 * Live classroom: the teacher's session on an assignment and the learners who follow it.
 * Who may do what is checked here (managedAssignment for the teacher, the player's participant check
 * for learners); every change is published on the live bus (live.bus.ts) for the event streams.
 */
export function createLiveService(deps: AppDeps) {
  const db = deps.database.db;
  const bus = liveBusOf(deps.database);

  const stateOf = async (s: LiveSessionRow, code: string): Promise<TLiveState> => ({
    _id: s.id,
    assignmentId: s.assignmentId,
    flowId: s.flowId,
    step: s.step,
    stepCount: s.stepCount,
    answersOpen: s.answersOpen,
    revealed: s.revealed,
    workAhead: s.workAhead,
    ended: s.endedAt !== null,
    revision: s.revision,
    code,
    memberCount: await countLiveMembers(db, s.id),
    registration: liveRegistration(s.id),
    points: s.points,
    hideNames: s.hideNames,
  });

  const flowToRun = async (
    row: AssignmentRow,
    asked?: string,
  ): Promise<{ flowId: string; stepCount: number }> => {
    const flowId = asked ?? row.flowIds[0];
    const stepCount = flowId && row.flowIds.includes(flowId) ? await flowStepCount(db, flowId) : null;
    if (!flowId || stepCount === null)
      throw badRequest(`flowId ${LiveMessage.flowNotInAssignment}`, {
        issues: [{ field: 'flowId', message: LiveMessage.flowNotInAssignment }],
      });
    return { flowId, stepCount };
  };

  /** How many questions of a quiz step the answer has right (0 without points); the flow is read once. */
  const rightness = async (body: TLiveAnswerRequest): Promise<number> => {
    const lesson = await liveQuizKeysOf(db, body.sessionId);
    const keys = lesson?.points ? lesson.keys[body.step] : null;
    return keys ? liveRightCount(keys, body.answer) : 0;
  };

  const openSessionOf = async (assignmentId: string) => {
    const session = await findOpenLiveSession(db, assignmentId);
    if (!session) throw noSession();
    return session;
  };

  return {
    /** Starts the assignment's live session, or answers the open one (created: false). */
    async start(caller: Caller, assignmentId: string, body: TLiveStartRequest) {
      const { row } = await managedAssignment(db, caller, assignmentId);
      const open = await findOpenLiveSession(db, row.id);
      if (open) return { state: await stateOf(open, row.code), created: false };
      assertOpen(row);
      const { flowId, stepCount } = await flowToRun(row, body.flowId);
      const made = await insertLiveSession(db, {
        id: newId(),
        assignmentId: row.id,
        flowId,
        startedBy: caller.userId,
        stepCount,
        workAhead: body.workAhead ?? false,
        points: body.points ?? false,
        hideNames: body.hideNames ?? true,
      });
      // Another teacher's start won the race: theirs is the one open session.
      const session = made ?? (await openSessionOf(row.id));
      return { state: await stateOf(session, row.code), created: made !== null };
    },

    async current(caller: Caller, assignmentId: string): Promise<TLiveState | null> {
      const { row } = await managedAssignment(db, caller, assignmentId);
      const open = await findOpenLiveSession(db, row.id);
      return open && stateOf(open, row.code);
    },

    async control(caller: Caller, assignmentId: string, action: TLiveAction): Promise<TLiveState> {
      const { row } = await managedAssignment(db, caller, assignmentId);
      const session = await openSessionOf(row.id);
      const changed = await applyLiveAction(db, session.id, action);
      if (!changed) throw noSession();
      const state = await stateOf(changed, row.code);
      await bus.publish(changed.id, { type: 'state', state });
      return state;
    },

    /** The names and answers of a step (the teacher's step when none is asked). */
    async results(caller: Caller, assignmentId: string, step?: number): Promise<TLiveResults> {
      const { row } = await managedAssignment(db, caller, assignmentId);
      const session = await openSessionOf(row.id);
      const at = step ?? session.step;
      const [members, answers, keys] = await Promise.all([
        listLiveMembers(db, session.id),
        listLiveAnswers(db, session.id, at),
        liveQuizKeysOf(db, session.id),
      ]);
      const questions = keys?.keys[at];
      // The right answers stay on the server until the teacher reveals the step.
      const shown = session.revealed && at === session.step;
      const quiz = questions
        ? {
            questions: questions.map((q) => ({
              prompt: q.prompt,
              options: q.options,
              ...(shown && q.correct.length > 0 ? { correct: q.correct } : {}),
            })),
          }
        : undefined;
      return { step: at, members, answers: answers as TLiveResults['answers'], ...(quiz ? { quiz } : {}) };
    },

    /** The top 10 of the lesson (names or "Learner n", as the session says). */
    async leaderboard(caller: Caller, assignmentId: string): Promise<TLiveLeaderboard> {
      const { row } = await managedAssignment(db, caller, assignmentId);
      const session = await openSessionOf(row.id);
      if (!session.points) throw badRequest(LiveMessage.pointsOff);
      return { entries: leaderboardOf(await liveStandings(db, session.id, session.hideNames)) };
    },

    /** A learner's own points and rank in the open lesson. */
    async score(access: PlayerAccess, userId: string): Promise<TLiveScore> {
      const session = await openSessionOf(access.row.id);
      const standings = await liveStandings(db, session.id, true);
      const mine = standings.find((s) => s.userId === userId);
      if (!mine) throw forbidden(LiveMessage.notMember);
      return { points: mine.points, rank: mine.rank, of: standings.length };
    },

    /** For the teacher's event stream: the open session and how to read its state. */
    async managedStream(caller: Caller, assignmentId: string) {
      const { row } = await managedAssignment(db, caller, assignmentId);
      const session = await openSessionOf(row.id);
      return {
        sessionId: session.id,
        load: () => this.stateById(session.id, row.code),
        scores: { read: (hide: boolean) => liveStandingsSoon(db, session.id, hide), learnerId: null },
      };
    },

    async stateById(sessionId: string, code: string): Promise<TLiveState> {
      const session = await findLiveSession(db, sessionId);
      if (!session) throw noSession();
      return stateOf(session, code);
    },

    /** A learner's view: the assignment's open session, or null when no lesson is on. */
    async forLearner(access: PlayerAccess): Promise<TLiveState | null> {
      const open = await findOpenLiveSession(db, access.row.id);
      return open && stateOf(open, access.row.code);
    },

    /** Joins the open session (again: a phone that reconnects); the projector hears of a new member. */
    async join(access: PlayerAccess, userId: string): Promise<TLiveState> {
      const session = await openSessionOf(access.row.id);
      if (await addLiveMember(db, session.id, userId)) {
        const members = await listLiveMembers(db, session.id);
        const member = members.find((m) => m.userId === userId) as TLiveMember;
        await bus.publish(session.id, { type: 'joined', member, memberCount: members.length });
      }
      return stateOf(session, access.row.code);
    },

    async learnerStream(access: PlayerAccess, userId: string) {
      const session = await openSessionOf(access.row.id);
      if (!(await isLiveMember(db, session.id, userId))) throw forbidden(LiveMessage.notMember);
      return {
        sessionId: session.id,
        load: () => this.stateById(session.id, access.row.code),
        scores: { read: (hide: boolean) => liveStandingsSoon(db, session.id, hide), learnerId: userId },
      };
    },

    async answer(access: PlayerAccess, userId: string, body: TLiveAnswerRequest): Promise<{ step: number }> {
      assertOpen(access.row);
      // The answer is written first (the path of every answer in a class); only a refusal asks why.
      const right = await rightness(body);
      if (await saveLiveAnswer(db, { ...body, assignmentId: access.row.id, userId, right })) {
        const { step, nodeId, answer } = body;
        await bus.publish(body.sessionId, { type: 'answer', step, userId, nodeId, answer });
        return { step };
      }
      const session = await findLiveSession(db, body.sessionId);
      if (!session || session.assignmentId !== access.row.id) throw noSession();
      if (session.endedAt) throw new AppError(LIVE_ENDED, 409, LiveMessage.ended);
      if (!(await isLiveMember(db, session.id, userId))) throw forbidden(LiveMessage.notMember);
      throw new AppError(LIVE_STEP_CLOSED, 409, LiveMessage.stepClosed);
    },
  };
}
