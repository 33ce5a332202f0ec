import { z } from 'zod';
import type { TJoinedAssignment } from './assignments';
import type { TSessionResponse } from './auth';
import { zText } from './text';

/**
 * Joining without an account: an assignment whose `signInRequired` is false takes a
 * learner with a display name only (a guest, like a Kahoot nickname).
 *   GET  /api/player/join/{code}  (public)      → { data: TJoinLookup }, 404 for an unknown code
 *   POST /api/player/guest/join   TGuestJoinRequest → { data: TJoinedAssignment, session?, message }
 * The join screen learns from the lookup only what it shows: the name, whether an account is needed,
 * and whether it is closed — never the flows. The guest join answers the same 404 / 400 JOIN_REFUSED
 * as joining with an account, and 403 SIGN_IN_REQUIRED when the assignment needs an account. It sets
 * the refresh cookie of a new guest session; a guest who already joined this assignment (their
 * Bearer) keeps their session and may leave the name out. A guest's token opens the player's routes
 * of that assignment only: every other route answers 403.
 */
export const GUEST_NAME_MAX = 40;

export const ZJoinLookupParams = z.object({ code: zText().trim().min(1, 'is required').max(200) });

export const ZGuestJoinRequest = z.object({
  code: zText().trim().min(1, 'is required').max(200),
  name: zText()
    .trim()
    .min(1, 'is required')
    .max(GUEST_NAME_MAX, `must be at most ${GUEST_NAME_MAX} characters`)
    .optional(),
});
export type TGuestJoinRequest = z.infer<typeof ZGuestJoinRequest>;

export interface TJoinLookup {
  name: string;
  signInRequired: boolean;
  /** Why it takes no one now (the player's errors.closed.* texts), or null when open. */
  closed: 'paused' | 'locked' | 'ended' | 'notStarted' | null;
}

export interface TGuestJoinResponse {
  data: TJoinedAssignment;
  /** A new guest session (absent when the caller's guest session is kept). */
  session?: TSessionResponse;
  message: string;
}

export const SIGN_IN_REQUIRED = 'SIGN_IN_REQUIRED';
export const GuestMessage = {
  signInRequired: 'This assignment needs an account. Sign in or create an account to join it.',
  nameRequired: 'name: is required',
} as const;
