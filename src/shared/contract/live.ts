import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * Live classroom: a teacher paces one flow of an assignment, every joined phone follows.
 * The teacher's routes (owner, co-owner or org admin, in the space of the orgId header; another
 * space's assignment is 404, anyone else in the space 403), on the assignment's open session:
 *   POST /api/assignment/{id}/live           TLiveStartRequest → 201 { data: TLiveState } (200: the open one)
 *   GET  /api/assignment/{id}/live           → { data: TLiveState | null }
 *   POST /api/assignment/{id}/live/control   TLiveControlRequest → { data: TLiveState }
 *   GET  /api/assignment/{id}/live/results   ?step= → { data: TLiveResults }
 *   GET  /api/assignment/{id}/live/events    SSE of TLiveEvent (every type), the current state first
 *   GET  /api/assignment/{id}/live/leaderboard → { data: TLiveLeaderboard } (the top 10; points on)
 * The learner's (a participant of the assignment, guests too; 403 otherwise, 404 unknown):
 *   GET  /api/player/assignment/{id}/live          → { data: TLiveState | null } (is a lesson on?)
 *   POST /api/player/assignment/{id}/live/join     → { data: TLiveState }
 *   GET  /api/player/assignment/{id}/live/events   SSE of `state` (the current state first) and `score` events
 *   POST /api/player/assignment/{id}/live/answers  TLiveAnswerRequest → { data: { step } }
 *   GET  /api/player/assignment/{id}/live/score    → { data: TLiveScore } (the learner's points and rank)
 * An answer for a step that is not taking answers is 409 LIVE_STEP_CLOSED; for an ended session,
 * 409 LIVE_ENDED.
 */
export const LIVE_STEP_CLOSED = 'LIVE_STEP_CLOSED';
export const LIVE_ENDED = 'LIVE_ENDED';

export const LiveMessage = {
  stepClosed: 'This step is closed for answers: your teacher has moved on or closed it.',
  ended: 'This live lesson has ended.',
  flowNotInAssignment: 'is not a flow of this assignment',
  notMember: 'Join this live lesson first.',
  pointsOff: 'Points are off in this live lesson.',
} as const;

export const ZLiveAction = z.enum([
  'next',
  'back',
  'reveal',
  'hide',
  'open',
  'close',
  'aheadOn',
  'aheadOff',
  'end',
]);
export type TLiveAction = z.infer<typeof ZLiveAction>;

export const ZLiveStartRequest = z
  .object({
    /** Which flow of the assignment to run; its first flow when left out. */
    flowId: ZId.optional(),
    workAhead: z.boolean().optional(),
    /** Points for right quiz answers and a leaderboard; off when left out. */
    points: z.boolean().optional(),
    /** The leaderboard says "Learner n" instead of names; on when left out. */
    hideNames: z.boolean().optional(),
  })
  .strict();
export type TLiveStartRequest = z.infer<typeof ZLiveStartRequest>;

export const ZLiveControlRequest = z.object({ action: ZLiveAction }).strict();
export type TLiveControlRequest = z.infer<typeof ZLiveControlRequest>;

export const ZLiveSessionParams = z.object({ sessionId: ZId });

/** One question's answer: a choice (one or several option labels) or a text. */
const ZLiveQuestionAnswer = z.union([
  z.object({ choices: z.array(zText().min(1).max(200)).min(1).max(50) }).strict(),
  z.object({ text: zText().max(2000) }).strict(),
]);
/**
 * A step's answer as its block produced it: a choice or a text, or a quiz's answers, one per
 * question in the quiz's order (null for a question left empty).
 */
export const ZLiveAnswer = z.union([
  ZLiveQuestionAnswer,
  z.object({ questions: z.array(ZLiveQuestionAnswer.nullable()).min(1).max(50) }).strict(),
]);
export type TLiveAnswer = z.infer<typeof ZLiveAnswer>;

export const ZLiveAnswerRequest = z
  .object({
    /** The session the phone answers in: an answer for an ended one never lands in the next lesson. */
    sessionId: ZId,
    step: z.number().int().min(0).max(10_000),
    nodeId: zText().min(1).max(200),
    answer: ZLiveAnswer,
  })
  .strict();
export type TLiveAnswerRequest = z.infer<typeof ZLiveAnswerRequest>;

export const ZLiveState = z.object({
  _id: ZId,
  assignmentId: ZId,
  flowId: ZId,
  /** The teacher's step (0-based) of `stepCount`. */
  step: z.number().int(),
  stepCount: z.number().int(),
  answersOpen: z.boolean(),
  revealed: z.boolean(),
  workAhead: z.boolean(),
  ended: z.boolean(),
  /** Moves with every change: an event older than the state a screen holds is ignored. */
  revision: z.number().int(),
  /** The assignment's join code (for the projector's QR and code). */
  code: zText(),
  memberCount: z.number().int(),
  /** The lesson's xAPI registration (domain/live/registration.ts): the statements of its answers carry it. */
  registration: z.uuid({ message: 'must be a UUID' }),
  /** Points and a leaderboard are on (live.points.repo.ts on the server has the rule). */
  points: z.boolean().optional(),
  hideNames: z.boolean().optional(),
});
export type TLiveState = z.infer<typeof ZLiveState>;

export const ZLiveMember = z.object({ userId: ZId, name: zText(), guest: z.boolean() });
export type TLiveMember = z.infer<typeof ZLiveMember>;

export const ZLiveResults = z.object({
  step: z.number().int(),
  members: z.array(ZLiveMember),
  /** One row per answer of the step; names are the teacher's to show (the projector hides them by default). */
  answers: z.array(z.object({ userId: ZId, nodeId: zText(), answer: ZLiveAnswer })),
  /** The step's quiz (its own quiz only): each question with every option, and the right ones once revealed. */
  quiz: z
    .object({
      questions: z.array(
        z.object({ prompt: zText(), options: z.array(zText()), correct: z.array(zText()).optional() }),
      ),
    })
    .optional(),
});
export type TLiveResults = z.infer<typeof ZLiveResults>;

/** What the session's event stream sends. Learners get `state`, their own `score` and pings; teachers all but `score`. */
export const ZLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: ZLiveState }),
  z.object({ type: z.literal('joined'), member: ZLiveMember, memberCount: z.number().int() }),
  z.object({
    type: z.literal('answer'),
    step: z.number().int(),
    userId: ZId,
    nodeId: zText(),
    answer: ZLiveAnswer,
  }),
  /** Points on: the top 10 after an answer was scored or someone joined (teachers' streams). */
  z.object({ type: z.literal('leaderboard'), entries: z.lazy(() => ZLiveLeaderboard.shape.entries) }),
  /** Points on: the phone's own points and rank, after any answer changed them (that learner's stream). */
  z.object({ type: z.literal('score'), score: z.lazy(() => ZLiveScore) }),
  /** Keeps proxies and phones' radios from dropping a quiet stream. */
  z.object({ type: z.literal('ping') }),
]);
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

export const ZLiveStateResponse = z.object({ data: ZLiveState });
export const ZLiveMaybeStateResponse = z.object({ data: ZLiveState.nullable() });
export const ZLiveResultsResponse = z.object({ data: ZLiveResults });
export const ZLiveAnswerResponse = z.object({ data: z.object({ step: z.number().int() }) });

/** The top 10; `name` is null when the lesson hides names (then "Learner {learner}", by order of joining). */
export const ZLiveLeaderboard = z.object({
  entries: z.array(
    z.object({
      rank: z.number().int(),
      points: z.number().int(),
      name: zText().nullable(),
      learner: z.number().int(),
    }),
  ),
});
export type TLiveLeaderboard = z.infer<typeof ZLiveLeaderboard>;
export const ZLiveLeaderboardResponse = z.object({ data: ZLiveLeaderboard });

/** A phone's own standing: its points and rank of `of` members. */
export const ZLiveScore = z.object({
  points: z.number().int(),
  rank: z.number().int(),
  of: z.number().int(),
});
export type TLiveScore = z.infer<typeof ZLiveScore>;

export const ZLiveResultsQuery = z.object({ step: z.coerce.number().int().min(0).max(10_000).optional() });
