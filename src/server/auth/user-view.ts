import type { TUser } from '../../shared/contract/auth';
import type { UserRow } from './auth.repo';

/** The user as the client sees it (spec field names; '' for the personal space). */
export function toUser(row: UserRow): TUser {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    fullname: row.fullname,
    profileImg: row.profileImg,
    emailVerified: row.emailVerified,
    lastVisitedOrgId: row.lastVisitedOrgId ?? '',
    defaultLanguage: row.defaultLanguage,
    linkedWithGoogleSpreadSheet: row.linkedWithGoogleSpreadSheet,
  };
}
