import { randomUUID } from 'node:crypto';
import { agentIfi, type JsonObject } from '../../shared/domain/xapi';
import type { AppDeps } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import type { PackageRow } from '../packages/packages.repo';
import {
  CMI5,
  type Cmi5Session,
  lmsCourseId,
  moveOnMet,
  satisfiedStatementId,
  waivedStatement,
} from './cmi5';
import { courseUnits, unitMeta } from './cmi5-course';
import { createCmi5Lms } from './cmi5-lms';
import { createLrsService } from './index';
import type { LrsSpace } from './space';

/** A learner's registration of a course, as the LMS's own "launched" statement of it names them. */
export interface Cmi5Registration {
  actor: JsonObject;
  registration: string;
  /** The launch's context (the assignment and flow), which the LMS's statements carry too. */
  context: JsonObject;
}

export type Cmi5UnitState = 'met' | 'waived' | 'open';

/**
 * What the LMS knows of each AU of a course in one registration, and its "waived" (cmi5 §9.3.7): the
 * teacher counts an AU as done without the learner taking it. Waived once per AU and registration
 * (its id is derived from them), in a session of its own, then the course and its blocks are judged
 * again, a waived AU counting as met (§9.3.9), so "satisfied" follows when it completes them.
 */
export function createCmi5Waiver(deps: AppDeps) {
  const lrs = createLrsService(deps);
  const lms = createCmi5Lms(deps);

  async function said(space: LrsSpace, who: Cmi5Registration, activity: string, verb: string) {
    const filter = { agent: agentIfi(who.actor) ?? '', activity, registration: who.registration, verb };
    return (await lrs.queryStatements(space, filter, { limit: 1 })).statements.length > 0;
  }

  async function stateOf(
    space: LrsSpace,
    who: Cmi5Registration,
    unit: ReturnType<typeof courseUnits>[number],
  ) {
    if (await said(space, who, unit.id, CMI5.waived)) return 'waived';
    if (unit.moveOn === 'NotApplicable') return 'met';
    const completed = await said(space, who, unit.id, CMI5.completed);
    const passed = await said(space, who, unit.id, CMI5.passed);
    return moveOnMet(unit.moveOn, { completed, passed }) ? 'met' : 'open';
  }

  return {
    /** Each AU's state, and whether the course was satisfied, in the learner's registration. */
    async progress(space: LrsSpace, pkg: PackageRow, who: Cmi5Registration, origin: string) {
      const units: Array<{ auId: string; title: string; state: Cmi5UnitState }> = [];
      for (const unit of courseUnits(pkg))
        units.push({ auId: unit.id, title: unit.title, state: await stateOf(space, who, unit) });
      const satisfied = await said(space, who, lmsCourseId(origin, pkg.id), CMI5.satisfied);
      return { units, satisfied };
    },

    /** Writes "waived" for the AU `auId` (once) and the "satisfied" it leads to. */
    async waive(
      space: LrsSpace,
      pkg: PackageRow,
      who: Cmi5Registration,
      auId: string,
      reason: string,
      origin: string,
    ) {
      const unit = courseUnits(pkg).find((u) => u.id === auId);
      if (!unit) throw badRequest('auId: the course has no assignable unit with this id.');
      const session: Cmi5Session = {
        sessionId: randomUUID(),
        registration: who.registration,
        actor: who.actor,
        auId: unit.id,
        auTitle: unit.title,
        context: who.context,
        au: unitMeta(pkg, unit),
      };
      const agent = agentIfi(who.actor) ?? '';
      const id = satisfiedStatementId(space, agent, who.registration, `waived:${unit.id}`);
      if (!(await lrs.getStatement(space, id))) {
        try {
          await lrs.storeStatements(space, [waivedStatement(session, id, reason)]);
        } catch (error) {
          // A second teacher waiving at the same moment: the first one's statement stands.
          if (!(error instanceof AppError && error.status === 409)) throw error;
        }
      }
      await lms.satisfyIfMet(space, session, pkg, origin);
      return {
        state: 'waived' as const,
        satisfied: await said(space, who, lmsCourseId(origin, pkg.id), CMI5.satisfied),
      };
    },
  };
}
