import type { AppDeps } from '../http/context';
import { forbidden } from '../http/errors';
import { findPackage } from '../packages/packages.repo';
import { CMI5 } from './cmi5';
import { cmi5History } from './cmi5-history.repo';
import { sessionOf } from './cmi5-lms';
import { CMI5_AU_VERBS, type Cmi5History, cmi5Refusal } from './cmi5-rules';
import type { LaunchScope } from './launch-scope';
import { findLaunch } from './launches.repo';
import type { LrsSpace } from './space';

/**
 * The LMS's check of a batch sent with a cmi5 launch's credentials, before anything is stored: a
 * session that ended takes nothing more, and the AU's own verbs follow cmi5's rules (cmi5-rules.ts).
 * TinCan launches and the space's own /xapi/ keys are not cmi5 sessions and are never judged here.
 * Two requests racing can both pass the check; an AU sends its statements one request at a time.
 */
export function createCmi5Guard(deps: AppDeps) {
  const db = deps.database.db;
  return async function check(space: LrsSpace, scope: LaunchScope, batch: readonly unknown[]) {
    const launch = await findLaunch(db, scope.launchId);
    if (!launch?.fetchHash) return; // a TinCan launch
    const pkg = await findPackage(db, launch.packageId);
    if (pkg?.format !== 'cmi5') return;
    const session = sessionOf(launch, pkg);
    const rows = await cmi5History(db, {
      space,
      agent: scope.agent,
      auId: scope.activityId,
      registration: scope.registration,
      verbs: [...CMI5_AU_VERBS, CMI5.abandoned],
    });
    // A statement sent again with its id is the same statement (xAPI: stored once), not a second one.
    const sent = new Set(
      batch.map((s) => String((s as { id?: unknown } | null)?.id ?? '').toLowerCase()).filter(Boolean),
    );
    const history = {
      sessionEnded: null as Cmi5History['sessionEnded'],
      sessionVerbs: new Set<string>(),
      registrationVerbs: new Set<string>(),
    };
    for (const row of rows) {
      if (sent.has(row.statementId.toLowerCase())) continue;
      const ours = row.sessionId === launch.id || row.authority === `launch-${launch.id}`;
      if (ours && row.verbId === CMI5.terminated) history.sessionEnded = 'terminated';
      else if (ours && row.verbId === CMI5.abandoned && history.sessionEnded === null)
        history.sessionEnded = 'abandoned';
      if (ours) history.sessionVerbs.add(row.verbId);
      history.registrationVerbs.add(row.verbId);
    }
    const refusal = cmi5Refusal(batch, history, {
      auId: scope.activityId,
      masteryScore: session.au.masteryScore,
    });
    if (refusal) throw forbidden(refusal);
  };
}
