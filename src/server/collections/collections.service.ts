import {
  COLLECTION_FLOW_PREVIEW,
  CollectionMessage,
  type TCollection,
  type TCreateCollectionRequest,
  type TMember,
  type TUpdateCollectionRequest,
} from '../../shared/contract/collections';
import { newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { forbidden } from '../http/errors';
import { findMembership } from '../orgs/orgs.repo';
import { type Caller, collectionFor, roleFrom } from './access';
import {
  type CollectionRow,
  copyCollection,
  countFlows,
  deleteCollection,
  insertCollection,
  latestFlows,
  listCollections,
  updateCollection,
} from './collections.repo';
import { collectionView, inviteView, memberView } from './collections.view';
import { claimInvites, listInvites, listMembers } from './members.repo';
import { createMembersService, type InvitePlan } from './members.service';

export { acceptPendingInvites } from './members.service';

export function createCollectionsService(deps: AppDeps) {
  const db = deps.database.db;
  const members = createMembersService(deps);

  /** Adds counts, the latest flows, the members and the caller's role, with one query each for all rows. */
  async function present(caller: Caller, rows: CollectionRow[]): Promise<TCollection[]> {
    const ids = rows.map((r) => r.id);
    const [counts, latest, memberRows, invites] = await Promise.all([
      countFlows(db, ids),
      latestFlows(db, ids, COLLECTION_FLOW_PREVIEW),
      listMembers(db, ids),
      listInvites(db, ids),
    ]);
    return rows.map((row) => {
      const mine = memberRows.find((m) => m.collectionId === row.id && m.userId === caller.userId);
      const collaborators: TMember[] = [
        ...memberRows.filter((m) => m.collectionId === row.id).map((m) => memberView(m, m.role)),
        ...invites.filter((i) => i.collectionId === row.id).map(inviteView),
      ];
      const flows = latest
        .filter((f) => f.projectId === row.id)
        .map((f) => ({ _id: f.id, name: f.name, updatedAt: f.updatedAt.toISOString() }));
      // Rows reach here only when visible to the caller, so a role always exists.
      const role = roleFrom(caller, row, mine?.role ?? null) ?? 'collaborator';
      return collectionView(row, { flowsCount: counts.get(row.id) ?? 0, flows, collaborators, role });
    });
  }

  const one = async (caller: Caller, row: CollectionRow) => (await present(caller, [row]))[0];

  return {
    members,
    present,

    async create(caller: Caller, body: TCreateCollectionRequest): Promise<TCollection> {
      const owner = { orgId: caller.orgId, ownerId: caller.userId };
      const emails = [...new Set(body.collaborators ?? [])].filter((e) => e !== caller.email);
      // Every address is checked before anything is written, so a bad one leaves no half-made collection.
      const plans: InvitePlan[] = [];
      for (const email of emails) plans.push(await members.plan(caller, owner, email));
      const joined = plans.flatMap((p) =>
        p.kind === 'member' ? [{ userId: p.userId, role: 'collaborator' as const }] : [],
      );
      const invited = plans.flatMap((p) =>
        p.kind === 'invite'
          ? [{ email: p.email, role: 'collaborator' as const, invitedBy: caller.userId }]
          : [],
      );
      const orgJoins = plans.flatMap((p) => (p.kind === 'member' && p.joinOrg ? [p.userId] : []));
      const fields = { id: newId(), ...owner, name: body.name, description: body.description ?? '' };
      const row = await insertCollection(db, fields, joined, invited, orgJoins);
      for (const plan of plans) {
        // The collection exists now; a mail that fails is logged, and the owner can invite again.
        await members.notify(caller, row, plan, 'collaborator').catch((e) => {
          deps.logger.warn('collection invitation mail failed', { email: plan.email, error: String(e) });
        });
      }
      return one(caller, row);
    },

    async list(caller: Caller, keyword?: string): Promise<TCollection[]> {
      await claimInvites(db, caller.email, caller.userId);
      const rows = await listCollections(db, { ...spaceOf(caller), keyword });
      return present(caller, rows);
    },

    async get(caller: Caller, id: string): Promise<TCollection> {
      const { row } = await collectionFor(db, caller, id, 'view');
      return one(caller, row);
    },

    async update(caller: Caller, id: string, body: TUpdateCollectionRequest): Promise<TCollection> {
      const { row } = await collectionFor(db, caller, id, 'edit');
      const patch = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.description !== undefined && { description: body.description }),
      };
      const updated = Object.keys(patch).length ? await updateCollection(db, id, patch) : row;
      return one(caller, updated ?? row);
    },

    async remove(caller: Caller, id: string): Promise<string> {
      await collectionFor(db, caller, id, 'own');
      await deleteCollection(db, id);
      return CollectionMessage.deleted;
    },

    /** Copies into another space the caller belongs to; the caller owns the copy, members stay behind. */
    async copyToOrg(caller: Caller, id: string, target: string): Promise<TCollection> {
      const { row } = await collectionFor(db, caller, id, 'edit');
      const orgId = target === '' || target === 'personal' ? null : target;
      if (orgId && !(await findMembership(db, orgId, caller.userId))) {
        throw forbidden('You are not a member of this organization.');
      }
      const copy = await copyCollection(db, row.id, {
        id: newId(),
        orgId,
        ownerId: caller.userId,
        name: row.name,
        description: row.description,
      });
      return one({ ...caller, orgId, orgAdmin: false }, copy);
    },
  };
}

const spaceOf = (caller: Caller) => ({
  orgId: caller.orgId,
  userId: caller.userId,
  allInOrg: caller.orgAdmin,
});

export type CollectionsService = ReturnType<typeof createCollectionsService>;
