import type { TWalletOwner } from '../credits/credits.service';
import type { Db } from '../db/client';
import { findAssignmentById } from './assignments.repo';
import { accessLinkWallet } from './links.service';
import { findAccessLink } from './participants.repo';

/** What the learner player needs to run a public link's assignment and bill it. */
export interface PublicLinkPayer {
  /** The link's own wallet: pass it as `payer` to the credits service (reserve → settle). */
  payer: TWalletOwner;
  assignmentId: string;
  /** The assignment's organisation, or null for a personal-space assignment. */
  orgId: string | null;
  flowIds: string[];
  isPaused: boolean;
}

/**
 * Finds who pays for a learner who opened `/viewer/public-assignment/{code}` (spec 02 §2).
 * For the learner player: anyone with the URL may use the assignment, and every AI call of such a
 * learner is paid from the link's own wallet (topped up by the assignment's managers), never from
 * the owner's or the organisation's. Use it as:
 *
 *   const found = await findPublicLinkPayer(deps.database.db, code);
 *   if (!found) → 404 (unknown code, or the assignment turned public links off)
 *   credits.withReservation({ payer: found.payer, upTo, idempotencyKey, reference: `accessLink:${code}` }, run)
 *
 * An empty link wallet refuses with 400 UNIT_BALANCE_INSUFFICIENT ("this link's credit balance is
 * too low"). Whether a paused or ended assignment may still be played is the player's rule.
 */
export async function findPublicLinkPayer(db: Db, code: string): Promise<PublicLinkPayer | null> {
  if (!/^[a-z0-9]{1,40}$/.test(code)) return null;
  const link = await findAccessLink(db, code);
  if (!link) return null;
  const assignment = await findAssignmentById(db, link.assignmentId);
  if (!assignment || assignment.disablePublicAccessLink) return null;
  return {
    payer: accessLinkWallet(link.code),
    assignmentId: assignment.id,
    orgId: assignment.orgId,
    flowIds: assignment.flowIds,
    isPaused: assignment.isPaused,
  };
}
