import { agentIfi, isObject, type JsonObject } from '../../shared/domain/xapi';
import type { AppDeps } from '../http/context';
import { AppError } from '../http/errors';
import { findPackage, type PackageRow } from '../packages/packages.repo';
import {
  abandonedStatement,
  CMI5,
  type Cmi5Session,
  isoSeconds,
  launchedStatement,
  lmsCourseId,
  moveOnMet,
  satisfiedBlockStatement,
  satisfiedStatement,
  satisfiedStatementId,
} from './cmi5';
import { courseUnits, lmsBlockId, rollUp, unitMeta } from './cmi5-course';
import { createLrsService } from './index';
import type { LaunchScope } from './launch-scope';
import { findLaunch, type LaunchRow, sessionsOf } from './launches.repo';
import type { LrsSpace } from './space';

/**
 * The statements the LMS writes in a cmi5 launch (cmi5 §9.3): "launched" when the player launches an
 * AU, "abandoned" for an earlier session of that AU and registration that ended without "terminated",
 * and "satisfied" for each block and for the course as soon as every AU in it has met its moveOn
 * criteria in the registration (an AU whose moveOn is NotApplicable, or that was waived, has).
 */

/** The session of a launch row (its id is the cmi5 session id), playing the AU it was launched for. */
export function sessionOf(launch: LaunchRow, pkg: PackageRow): Cmi5Session {
  const unit = courseUnits(pkg).find((u) => u.id === launch.activityId) ?? courseUnits(pkg)[0];
  return {
    sessionId: launch.id,
    registration: launch.registration,
    actor: launch.actor as JsonObject,
    auId: launch.activityId,
    auTitle: unit.title,
    context: launch.context as JsonObject,
    au: unitMeta(pkg, unit),
  };
}

const sessionIdOf = (st: JsonObject): unknown => {
  const ctx = isObject(st.context) ? st.context : {};
  return isObject(ctx.extensions) ? ctx.extensions[CMI5.sessionId] : undefined;
};

export function createCmi5Lms(deps: AppDeps) {
  const lrs = createLrsService(deps);
  const db = deps.database.db;

  async function said(space: LrsSpace, s: Cmi5Session, auId: string, verb: string): Promise<boolean> {
    const filter = { agent: agentIfi(s.actor) ?? '', activity: auId, registration: s.registration, verb };
    return (await lrs.queryStatements(space, filter, { limit: 1 })).statements.length > 0;
  }

  /** Stores an LMS statement with a derived id once: a second writer racing to it gets 409, which is fine. */
  async function storeOnce(space: LrsSpace, statement: JsonObject) {
    if (await lrs.getStatement(space, String(statement.id))) return;
    try {
      await lrs.storeStatements(space, [statement]);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }

  /** Writes "satisfied" once per learner and registration for each block and the course whose AUs all met moveOn. */
  async function satisfyIfMet(space: LrsSpace, s: Cmi5Session, pkg: PackageRow, origin: string) {
    const met = new Set<string>();
    for (const unit of courseUnits(pkg)) {
      if (unit.moveOn === 'NotApplicable' || (await said(space, s, unit.id, CMI5.waived))) {
        met.add(unit.id);
        continue;
      }
      const completed = await said(space, s, unit.id, CMI5.completed);
      const passed = await said(space, s, unit.id, CMI5.passed);
      if (moveOnMet(unit.moveOn, { completed, passed })) met.add(unit.id);
    }
    const done = rollUp(pkg, met);
    const agent = agentIfi(s.actor) ?? '';
    const course = lmsCourseId(origin, pkg.id);
    for (const block of done.blocks) {
      const lmsId = lmsBlockId(course, block.id);
      const id = satisfiedStatementId(space, agent, s.registration, lmsId);
      await storeOnce(
        space,
        satisfiedBlockStatement(s, id, { lmsId, publisherId: block.id, title: block.title }),
      );
    }
    if (done.course)
      await storeOnce(
        space,
        satisfiedStatement(s, satisfiedStatementId(space, agent, s.registration, course), course),
      );
  }

  /**
   * Before a new session of an AU: each earlier session of this learner, AU and registration whose AU
   * never said "terminated" is abandoned (cmi5 §9.3.7), once, with the time from its launch to its
   * last statement. Sessions are known while their launch is kept (launches.service.ts: 8 hours).
   */
  async function abandonEarlier(space: LrsSpace, s: Cmi5Session, pkg: PackageRow) {
    const agent = agentIfi(s.actor) ?? '';
    const earlier = (await sessionsOf(db, pkg.id, s.auId, s.registration)).filter(
      (row) => row.id !== s.sessionId && agentIfi(row.actor) === agent,
    );
    if (earlier.length === 0) return;
    const filter = { agent, activity: s.auId, registration: s.registration };
    const { statements } = await lrs.queryStatements(space, filter, { limit: 500 });
    for (const row of earlier) {
      const own = statements.filter((st) => sessionIdOf(st) === row.id);
      const verbs = new Set(own.map((st) => (isObject(st.verb) ? st.verb.id : '')));
      if (verbs.has(CMI5.terminated) || verbs.has(CMI5.abandoned)) continue;
      const last = own.reduce((t, st) => Math.max(t, Date.parse(String(st.timestamp)) || 0), 0);
      const duration = isoSeconds((last || row.createdAt.getTime()) - row.createdAt.getTime());
      const id = satisfiedStatementId(space, agent, s.registration, `session:${row.id}`);
      await storeOnce(space, abandonedStatement(sessionOf(row, pkg), id, duration));
    }
  }

  return {
    sessionOf,
    satisfyIfMet,

    /** At launch, before the AU opens: "abandoned" for earlier open sessions, "launched", and the rollup. */
    async launched(space: LrsSpace, s: Cmi5Session, pkg: PackageRow, launchUrl: string, origin: string) {
      await abandonEarlier(space, s, pkg);
      await lrs.storeStatements(space, [launchedStatement(s, launchUrl)]);
      if (s.au.moveOn === 'NotApplicable') await satisfyIfMet(space, s, pkg, origin);
    },

    /** After a launch's AU stored statements: when one completed or passed the AU, check moveOn. */
    async afterStatements(space: LrsSpace, scope: LaunchScope, batch: unknown[], origin: string) {
      const judged = batch.some((raw) => {
        if (!isObject(raw) || !isObject(raw.verb) || !isObject(raw.object)) return false;
        const verb = raw.verb.id;
        return (verb === CMI5.completed || verb === CMI5.passed) && raw.object.id === scope.activityId;
      });
      if (!judged) return;
      const launch = await findLaunch(db, scope.launchId);
      const pkg = launch && (await findPackage(db, launch.packageId));
      if (!launch || !pkg || pkg.format !== 'cmi5') return;
      try {
        await satisfyIfMet(space, sessionOf(launch, pkg), pkg, origin);
      } catch (error) {
        // The AU's statements are stored: its request succeeds; the next completed/passed tries again.
        deps.logger.warn('cmi5 satisfied statement not stored', {
          launchId: launch.id,
          error: String(error),
        });
      }
    },
  };
}
