import { AssignmentMessage, JoinRefusal, type TJoinedAssignment } from '../../shared/contract/assignments';
import {
  GuestMessage,
  SIGN_IN_REQUIRED,
  type TGuestJoinRequest,
  type TJoinLookup,
} from '../../shared/contract/player-guest';
import { newId } from '../../shared/domain/ids';
import { findAssignmentByCode } from '../assignments/assignments.repo';
import { insertParticipant, isParticipant } from '../assignments/participants.repo';
import { createPeopleService } from '../assignments/people.service';
import { insertUser, updateUser } from '../auth/auth.repo';
import { createSessionService } from '../auth/session.service';
import type { AccessClaims } from '../auth/tokens';
import type { AppDeps } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { closedReason } from './player.service';

/** A guest's e-mail: unique, in the reserved `.invalid` domain (RFC 2606), so no mail can reach it. */
export const guestEmail = (id: string) => `guest-${id}@guest.invalid`;

/**
 * Joining without an account (src/shared/contract/player-guest.ts). A guest is a users row flagged
 * is_guest, without password, joined as an ordinary participant: the participants matrix, journals,
 * interactions and statements treat them like anyone else, and requireAuth keeps every other route
 * closed to their token.
 */
export function createGuestJoin(deps: AppDeps) {
  const db = deps.database.db;
  const people = createPeopleService(deps);
  const sessions = createSessionService(deps);

  return {
    /** What a join screen needs, and nothing more (no flows, no ids). */
    async lookup(code: string): Promise<TJoinLookup> {
      const row = await findAssignmentByCode(db, code.trim());
      if (!row) throw new AppError('NOT_FOUND', 404, JoinRefusal.notFound);
      return { name: row.name, signInRequired: row.signInRequired, closed: closedReason(row) };
    },

    /** `caller`: the Bearer's claims, if any; a guest of this assignment keeps their session. */
    async join(body: TGuestJoinRequest, caller: AccessClaims | null) {
      const row = await people.joinable(body.code);
      if (row.signInRequired) throw new AppError(SIGN_IN_REQUIRED, 403, GuestMessage.signInRequired);
      const data = (alreadyJoined: boolean): TJoinedAssignment => ({
        assignmentId: row.id,
        name: row.name,
        code: row.code,
        alreadyJoined,
      });
      if (caller?.guest && (await isParticipant(db, row.id, caller.userId))) {
        if (body.name) await updateUser(db, caller.userId, { fullname: body.name });
        return { data: data(true), message: AssignmentMessage.joined, refreshToken: null };
      }
      if (!body.name)
        throw badRequest(GuestMessage.nameRequired, { issues: [{ field: 'name', message: 'is required' }] });
      const user = await insertUser(db, {
        email: guestEmail(newId()),
        passwordHash: null,
        fullname: body.name,
        emailVerified: false,
        isGuest: true,
      });
      if (!user) throw new AppError('CONFLICT', 409, 'Could not create the guest; please try again');
      await insertParticipant(db, row.id, user.id);
      const { session, refreshToken } = await sessions.start(user);
      return { data: data(false), session, message: AssignmentMessage.joined, refreshToken };
    },
  };
}
