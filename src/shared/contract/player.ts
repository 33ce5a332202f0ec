import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * The learner player. Participant routes need a signed-in user who joined the assignment
 * (no orgId header: the assignment decides its space); public routes need only the link's code.
 *   GET  /api/player/assignment/{id}                         → { data: TPlayerAssignment }
 *   GET  /api/player/assignment/{id}/flow/{flowId}           → { data: TPlayerFlow }
 *   POST /api/player/assignment/{id}/flow/{flowId}/statements { statements } → { ids, counted }
 *   POST /api/player/assignment/{id}/flow/{flowId}/ai        TPlayerAiRequest → NDJSON of TPlayerAiLine
 *   GET  /api/player/public/{code}                           → { data: TPlayerAssignment }
 *   GET  /api/player/public/{code}/flow/{flowId}             → { data: TPlayerFlow }
 *   POST /api/player/public/{code}/flow/{flowId}/statements  { statements, learner } → { ids, counted }
 *   POST /api/player/public/{code}/flow/{flowId}/ai          TPlayerAiRequest → NDJSON (the link's wallet)
 *   GET  /api/player/share/flow/{id}                         → { data: TPlayerFlow } (published flows only)
 * Unknown ids: 404; a signed-in user who is not a participant: 403. The server, not the client,
 * decides the actor, the space and the assignment/flow context of every statement.
 */

export const PLAYER_STATEMENTS_MAX = 50;
export const PLAYER_AI_MESSAGES_MAX = 60;
export const PLAYER_AI_MESSAGE_MAX = 40_000;

export const ZPlayerFlowSummary = z.object({
  _id: zText(),
  name: zText(),
  description: zText(),
  iconUrl: zText().nullable(),
  /** The learner's interactions with this flow so far (0 for a public visitor). */
  interactions: z.number().int(),
});
export type TPlayerFlowSummary = z.infer<typeof ZPlayerFlowSummary>;

export const ZPlayerAssignment = z.object({
  _id: zText(),
  name: zText(),
  description: zText(),
  iconUrl: zText().nullable(),
  status: zText(),
  flows: z.array(ZPlayerFlowSummary),
  /** Where statements go: 'https://host/viewer/assignment/{id}' (the assignment activity). */
  activityId: zText(),
  /** For a public link: its code; the learner is anonymous. */
  publicCode: zText().nullable(),
  actor: z.object({ name: zText(), mbox: zText().optional() }).nullable(),
  /** Why nothing can be run or recorded now (the player shows closedMessage[closed]), or null. */
  closed: z.enum(['paused', 'locked', 'ended', 'notStarted']).nullable(),
});
export type TPlayerAssignment = z.infer<typeof ZPlayerAssignment>;

export const ZPlayerFlow = z.object({
  _id: zText(),
  name: zText(),
  description: zText(),
  revision: z.number().int(),
  nodes: z.array(z.unknown()),
  edges: z.array(z.unknown()),
});
export type TPlayerFlow = z.infer<typeof ZPlayerFlow>;

export const ZPlayerParams = z.object({ id: ZId, flowId: ZId });
export const ZPublicParams = z.object({ code: zText().regex(/^[a-z0-9]{1,40}$/, 'is not a link code') });
export const ZPublicFlowParams = ZPublicParams.extend({ flowId: ZId });

/** An anonymous visitor of a public link: a random id kept in the browser. */
export const ZAnonymousLearner = z.object({
  id: zText().regex(/^[a-zA-Z0-9-]{8,64}$/, 'must be 8 to 64 letters, digits or dashes'),
  name: zText().trim().max(80).optional(),
});

export const ZStatementsRequest = z.object({
  statements: z.array(z.record(zText(), z.unknown())).min(1).max(PLAYER_STATEMENTS_MAX),
  learner: ZAnonymousLearner.optional(),
});
export type TStatementsRequest = z.infer<typeof ZStatementsRequest>;
export const ZStatementsResponse = z.object({ ids: z.array(zText()), counted: z.number().int() });

export const ZPlayerAiRequest = z.object({
  nodeId: zText().min(1).max(200),
  nodeType: zText().min(1).max(100),
  purpose: z.enum(['prompt', 'feedback', 'questions', 'conversation-turn', 'conversation-verdict', 'route']),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'user', 'assistant']),
        content: zText().max(PLAYER_AI_MESSAGE_MAX),
      }),
    )
    .min(1)
    .max(PLAYER_AI_MESSAGES_MAX),
  expects: z.enum(['text', 'json']).default('text'),
  model: zText().max(100).optional(),
  maxTokens: z.number().int().min(1).max(16_000).optional(),
  /** Knowledge banks the block links: the server retrieves passages from those the assignment's space may read. */
  knowledgeBankIds: z
    .array(zText().regex(/^[0-9a-f]{24}$/, 'must be an id of 24 hexadecimal characters'))
    .max(10)
    .optional(),
});
export type TPlayerAiRequest = z.infer<typeof ZPlayerAiRequest>;

/** One line of the AI route's NDJSON answer: the runtime's pieces, or an error that ends the stream. */
export type TPlayerAiLine =
  | { type: 'text'; text: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number; credits?: string }
  | { type: 'done' }
  | { type: 'error'; errorCode: string; message: string };

/**
 * The learner-facing texts of a credit refusal (spec 03 §8): the learner cannot top up, the teacher can.
 * The errorCode stays the spec's (UNIT_BALANCE_INSUFFICIENT, ORG_UNIT_BALANCE_INSUFFICIENT,
 * ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED).
 */
export const PlayerMessage = {
  askTeacher: 'This activity has run out of AI credits. Please ask your teacher.',
  monthlyLimit: "Your school's monthly AI credit limit is reached. Please ask your teacher.",
  linkOutOfCredits: 'This link has run out of credits. Please ask the person who shared it.',
} as const;

/** Why an assignment refuses new statements and AI calls (403 ASSIGNMENT_CLOSED, details.reason). */
export type TPlayerClosed = NonNullable<TPlayerAssignment['closed']>;
export const ASSIGNMENT_CLOSED = 'ASSIGNMENT_CLOSED';
/** Learner-facing texts of a closed assignment (the player's i18n keys errors.closed.*). */
export const PlayerClosedMessage: Record<TPlayerClosed, string> = {
  paused: 'This assignment is paused. Ask your teacher to resume it.',
  locked: 'This assignment is locked. Ask your teacher to unlock it.',
  ended: 'This assignment has ended.',
  notStarted: 'This assignment has not started yet.',
};

export const CREDIT_ERROR_CODES = [
  'UNIT_BALANCE_INSUFFICIENT',
  'ORG_UNIT_BALANCE_INSUFFICIENT',
  'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED',
] as const;

/**
 * The journals port of the runtime (participants only; a public visitor has no journal):
 *   GET  /api/player/assignment/{id}/journal?name=&collaborative=  → { data: { name, content, updatedAt } | null }
 *   PUT  /api/player/assignment/{id}/flow/{flowId}/journal   TJournalWrite → { data }
 *   POST /api/player/assignment/{id}/journal/update          TJournalUpdate → { updated }
 * collaborative (a block's "Shared with the class"; absent = false): the assignment's collaborative
 * journal of that name, shared by its participants, instead of the caller's own; a writer becomes
 * one of its members (spec 02 §3 Collaborative journal).
 */
const ZCollaborative = z.boolean().optional();
export const ZJournalQuery = z.object({
  name: zText().trim().min(1, 'is required').max(200),
  collaborative: z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});
export const ZJournalWrite = z.object({
  name: zText().trim().min(1, 'is required').max(200),
  content: zText().max(200_000),
  nodeId: zText().max(200),
  nodeType: zText().max(100),
  collaborative: ZCollaborative,
});
export const ZJournalUpdate = z.object({
  name: zText().trim().min(1, 'is required').max(200),
  content: zText().max(200_000),
  mode: z.enum(['append', 'replace']),
  collaborative: ZCollaborative,
});
export const ZPlayerJournal = z.object({ name: zText(), content: zText(), updatedAt: zText() });
