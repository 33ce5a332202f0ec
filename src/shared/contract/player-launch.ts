import { z } from 'zod';
import { ZId } from './collections';
import { ZAnonymousLearner } from './player';
import { zText } from './text';

/**
 * Launching a package placed in a flow (issue 33): H5P (launchUrl is its signed play page), or xAPI
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
});
export type TPackageLaunchRequest = z.infer<typeof ZPackageLaunchRequest>;

export const ZPackageLaunch = z.object({ launchUrl: zText(), expiresAt: zText() });
export type TPackageLaunch = z.infer<typeof ZPackageLaunch>;
