import type { TCollection, TCollectionRole, TMember } from '../../shared/contract/collections';
import type { CollectionRow } from './collections.repo';
import type { InviteRow, MemberRow } from './members.repo';

export const memberView = (
  m: Pick<MemberRow, 'userId' | 'email' | 'fullname'>,
  role: TCollectionRole,
): TMember => ({
  _id: m.userId,
  fullname: m.fullname || m.email,
  email: m.email,
  role,
  pending: false,
});

export const inviteView = (i: InviteRow): TMember => ({
  _id: i.id,
  fullname: i.email,
  email: i.email,
  role: i.role,
  pending: true,
});

export function collectionView(
  row: CollectionRow,
  extra: Pick<TCollection, 'flowsCount' | 'flows' | 'collaborators' | 'role'>,
): TCollection {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    ownerId: row.ownerId,
    orgId: row.orgId,
    ...extra,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
