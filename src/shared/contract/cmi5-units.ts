import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * The cmi5 courses of an assignment as its owner and co-owners follow them, and the LMS's "waived":
 *   GET  /api/assignment/{id}/cmi5-units  → { data: { courses } }: per course placed in the assignment's
 *        flows, each participant who launched it, in their latest registration, and each AU's state
 *   POST /api/assignment/{id}/cmi5-waive  { packageId, userId, auId, reason? } → { data: { state, satisfied } }
 *        the LMS writes cmi5's "waived" for that AU in that registration (once) and what it satisfies.
 */

/** cmi5 §9.5.5.2's vocabulary of why an AU was waived. */
export const WAIVE_REASONS = [
  'Tested Out',
  'Equivalent AU',
  'Equivalent Outside Activity',
  'Administrative',
] as const;
export const ZWaiveReason = z.enum(WAIVE_REASONS, { message: `must be one of: ${WAIVE_REASONS.join(', ')}` });
export type TWaiveReason = z.infer<typeof ZWaiveReason>;

/** met: the AU's moveOn criteria are met; waived: the LMS waived it; open: neither yet. */
export const ZCmi5UnitState = z.enum(['met', 'waived', 'open']);
export type TCmi5UnitState = z.infer<typeof ZCmi5UnitState>;

export const ZCmi5UnitProgress = z.object({ auId: zText(), title: zText(), state: ZCmi5UnitState });
export type TCmi5UnitProgress = z.infer<typeof ZCmi5UnitProgress>;

export const ZCmi5LearnerProgress = z.object({
  userId: zText(),
  name: zText(),
  email: zText(),
  registration: zText(),
  /** Whether the LMS wrote "satisfied" for the course in this registration. */
  satisfied: z.boolean(),
  units: z.array(ZCmi5UnitProgress),
});
export type TCmi5LearnerProgress = z.infer<typeof ZCmi5LearnerProgress>;

export const ZCmi5CourseProgress = z.object({
  packageId: zText(),
  title: zText(),
  learners: z.array(ZCmi5LearnerProgress),
});
export type TCmi5CourseProgress = z.infer<typeof ZCmi5CourseProgress>;

export const ZCmi5UnitsResponse = z.object({ data: z.object({ courses: z.array(ZCmi5CourseProgress) }) });

export const ZCmi5WaiveRequest = z.object({
  packageId: ZId,
  userId: ZId,
  auId: zText().trim().min(1, 'is required').max(2000),
  reason: ZWaiveReason.default('Administrative'),
});
export type TCmi5WaiveRequest = z.infer<typeof ZCmi5WaiveRequest>;

export const ZCmi5WaiveResponse = z.object({
  data: z.object({ state: ZCmi5UnitState, satisfied: z.boolean() }),
});
