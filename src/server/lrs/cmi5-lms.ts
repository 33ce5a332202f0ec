import { agentIfi, isObject, type JsonObject } from '../../shared/domain/xapi';
import type { AppDeps } from '../http/context';
import { AppError } from '../http/errors';
import { findPackage } from '../packages/packages.repo';
import {
  CMI5,
  type Cmi5Session,
  cmi5Defaults,
  launchedStatement,
  lmsCourseId,
  moveOnMet,
  satisfiedStatement,
  satisfiedStatementId,
} from './cmi5';
import { createLrsService } from './index';
import type { LaunchScope } from './launch-scope';
import { findLaunch } from './launches.repo';
import type { LrsSpace } from './space';

/**
 * The statements the LMS writes in a cmi5 launch (cmi5 §9.3): "launched" when the player launches
 * the AU, and "satisfied" for the course as soon as the AU's moveOn criteria are met by what the AU
 * said in the registration (at launch already when moveOn is NotApplicable). We play one AU per
 * package, so the course is satisfied only when it has that one AU; a course of several AUs is not
 * (its other AUs are never launched), and blocks are not rolled up.
 */
export function createCmi5Lms(deps: AppDeps) {
  const lrs = createLrsService(deps);
  const db = deps.database.db;

  async function saidInRegistration(space: LrsSpace, s: Cmi5Session, verb: string): Promise<boolean> {
    const filter = { agent: agentIfi(s.actor) ?? '', activity: s.auId, registration: s.registration, verb };
    return (await lrs.queryStatements(space, filter, { limit: 1 })).statements.length > 0;
  }

  /** Writes "satisfied" once per learner, registration and course, when the moveOn criteria are met. */
  async function satisfyIfMet(space: LrsSpace, s: Cmi5Session, packageId: string, origin: string) {
    if (s.au.auCount !== 1) return;
    if (s.au.moveOn !== 'NotApplicable') {
      const completed = await saidInRegistration(space, s, CMI5.completed);
      const passed = await saidInRegistration(space, s, CMI5.passed);
      if (!moveOnMet(s.au.moveOn, { completed, passed })) return;
    }
    const course = lmsCourseId(origin, packageId);
    const id = satisfiedStatementId(space, agentIfi(s.actor) ?? '', s.registration, course);
    if (await lrs.getStatement(space, id)) return;
    try {
      await lrs.storeStatements(space, [satisfiedStatement(s, id, course)]);
    } catch (error) {
      // Two batches racing to the same conclusion: the other one wrote it (same id, 409 here).
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }

  return {
    /** At launch, before the AU opens: "launched", and "satisfied" at once for NotApplicable. */
    async launched(space: LrsSpace, s: Cmi5Session, packageId: string, launchUrl: string, origin: string) {
      await lrs.storeStatements(space, [launchedStatement(s, launchUrl)]);
      if (s.au.moveOn === 'NotApplicable') await satisfyIfMet(space, s, packageId, origin);
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
      if (!launch || pkg?.format !== 'cmi5') return;
      const session: Cmi5Session = {
        sessionId: launch.id,
        registration: launch.registration,
        actor: launch.actor as JsonObject,
        auId: launch.activityId,
        auTitle: pkg.title,
        context: launch.context as JsonObject,
        au: cmi5Defaults(pkg.cmi5Au, pkg.activityId),
      };
      try {
        await satisfyIfMet(space, session, pkg.id, origin);
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
