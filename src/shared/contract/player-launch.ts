import { z } from 'zod';
import { ZId } from './collections';
import { ZAnonymousLearner } from './player';
import { zText } from './text';

/**
 * Launching a package placed in a flow: H5P (launchUrl is its signed play page), or xAPI
 * (TinCan) and cmi5:
 *   POST /api/player/assignment/{id}/flow/{flowId}/package-launch  { packageId, registration }
 *   POST /api/player/public/{code}/flow/{flowId}/package-launch    { packageId, registration, learner }
 *   → { data: { launchUrl, expiresAt } }
 * launchUrl is the package's launch file with the query its convention defines (TinCan: endpoint, auth,
 * actor, registration, activity_id; cmi5: endpoint, fetch, actor, registration, activityId), carrying
 * credentials that are short-lived and valid only for this learner, package activity and registration.
 */
export const ZPackageLaunchRequest = z.object({
  packageId: ZId,
  registration: z.uuid({ message: 'must be a UUID' }),
  learner: ZAnonymousLearner.optional(),
  /** cmi5: which AU of the course to launch (its id in cmi5.xml); absent: the first. */
  auId: zText().trim().min(1).max(2000).optional(),
});
export type TPackageLaunchRequest = z.infer<typeof ZPackageLaunchRequest>;

/** A cmi5 course's AUs in order, which the learner launches one after another (same registration). */
export const ZPackageUnit = z.object({ id: zText(), title: zText() });
export type TPackageUnit = z.infer<typeof ZPackageUnit>;

export const ZPackageLaunch = z.object({
  launchUrl: zText(),
  expiresAt: zText(),
  /** cmi5: the AU launched, and the course's AUs when it has several. */
  auId: zText().optional(),
  units: z.array(ZPackageUnit).optional(),
});
export type TPackageLaunch = z.infer<typeof ZPackageLaunch>;
