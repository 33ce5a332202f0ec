import type { TStatementsRequest } from '../../shared/contract/player';
import type { JsonObject } from '../../shared/domain/xapi';
import { addInteractions } from '../assignments/participants.repo';
import type { AppDeps } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { type Lap, noLap } from '../http/stage-timing';
import { createLrsService, lrsSpace } from '../lrs';
import { ANSWER_BATCH_STATEMENTS, createAnswerBatches } from './answer-batches';
import {
  type AnswerScopeRow,
  findParticipantAnswerScope,
  findPublicAnswerScope,
  findStoredStatementIds,
} from './player.answers.repo';
import { assertOpen, NOT_PARTICIPANT, participantActor, visitorActor } from './player.service';
import { countsAsInteraction, scopeStatement } from './player.statements';

/** Who answers, with what the server needs to stamp their statements; found in one query. */
export interface AnswerScope extends AnswerScopeRow {
  actor: () => JsonObject;
  /** The participant whose interactions are counted; null for a public link's visitor. */
  countFor: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The learner's answers, the hottest write of the app (a class answers at once). One query finds
 * the assignment, the learner and the flow's name; answers of the same space arriving together are
 * written in one LRS call (answer-batches.ts). What is stored is what the player service stored
 * before: the same statements, the same actor and context, the same interaction counts.
 */
export function createAnswerRecorder(deps: AppDeps) {
  const db = deps.database.db;
  const lrs = createLrsService(deps);
  // PGlite runs one query at a time: parallel writes would only queue there, so one write at a
  // time lets the waiting answers form bigger batches. PostgreSQL's pool runs a few at once.
  const batches = createAnswerBatches((space, statements) => lrs.storeStatements(space, statements), {
    maxStatements: ANSWER_BATCH_STATEMENTS,
    maxInFlight: deps.database.kind === 'pglite' ? 1 : 4,
  });

  return {
    /** 404 for an unknown assignment, 403 for a signed-in user who has not joined it (as asParticipant). */
    async asParticipant(userId: string, assignmentId: string, flowId: string): Promise<AnswerScope> {
      const found = await findParticipantAnswerScope(db, assignmentId, userId, flowId);
      if (!found) throw notFound('Assignment');
      const { user } = found;
      if (!user) throw forbidden(NOT_PARTICIPANT);
      return {
        row: found.row,
        flowName: found.flowName,
        actor: () => participantActor(user),
        countFor: userId,
      };
    },

    /** A public access link of an assignment that still allows them; anything else is 404 (as asPublic). */
    async asPublic(
      code: string,
      flowId: string,
      visitor: { id: string; name?: string } | undefined,
      origin: string,
    ): Promise<AnswerScope> {
      const found = await findPublicAnswerScope(db, code, flowId);
      if (!found || found.row.disablePublicAccessLink) throw notFound('Access link');
      return { ...found, actor: () => visitorActor(visitor, origin), countFor: null };
    },

    /**
     * Writes the statements to the LRS of the assignment's space (the organisation's, or the owner's
     * personal one) and counts the new interactions of a participant. A statement sent again (the
     * outbox replaying after a lost answer) is stored and counted once.
     */
    async record(
      scope: AnswerScope,
      flowId: string,
      body: TStatementsRequest,
      origin: string,
      lap: Lap = noLap,
    ) {
      const { row, countFor } = scope;
      assertOpen(row);
      if (!row.flowIds.includes(flowId) || scope.flowName === null) throw notFound('Flow');
      const stamp = {
        assignmentId: row.id,
        assignmentName: row.name,
        flowId,
        flowName: scope.flowName,
        origin,
        actor: scope.actor(),
      };
      const statements = body.statements.map((s) => scopeStatement(s, stamp));
      const space = lrsSpace({ orgId: row.orgId, userId: row.ownerId });
      lap('build');
      // Only a participant's interactions are counted, so only they need to know what is new.
      let fresh: JsonObject[] = [];
      if (countFor) {
        const sent = statements.flatMap((s) =>
          typeof s.id === 'string' && UUID.test(s.id) ? [s.id.toLowerCase()] : [],
        );
        const known = await findStoredStatementIds(db, space, sent);
        fresh = statements.filter((s) => typeof s.id !== 'string' || !known.has(s.id.toLowerCase()));
        lap('known');
      }
      const ids = await batches.store(space, statements);
      lap('store');
      const counted = countFor ? fresh.filter(countsAsInteraction).length : 0;
      // The scope query saw the participant; addInteractions checks it again in its own statement.
      if (counted > 0 && countFor && !(await addInteractions(db, row.id, countFor, flowId, counted)))
        throw forbidden('Only participants of this assignment can do this.');
      if (countFor) lap('count');
      return { ids, counted };
    },
  };
}
