import {
  assignmentStatus,
  publicLink,
  type TAccessLink,
  type TAssignmentDetail,
  type TAssignmentListItem,
  type TCoOwner,
} from '../../shared/contract/assignments';
import { creditsToNumber } from '../../shared/domain/decimal';
import type { ToolFlowRow } from '../tools/tools.repo';
import type { ManagerRole } from './access';
import type { AssignmentListRow, AssignmentRow, UserInfo } from './assignments.repo';
import type { AccessLinkRow } from './participants.repo';

const iso = (d: Date) => d.toISOString();

export function listItemView(row: AssignmentListRow): TAssignmentListItem {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    code: row.code,
    status: row.status,
    participants: row.participants,
    tools: row.tools,
    iconUrl: row.iconUrl,
    type: row.type,
    description: row.description,
    isLocked: row.isLocked,
    updatedAt: iso(row.updatedAt),
  };
}

export interface DetailExtras {
  owner: UserInfo | null;
  flows: ToolFlowRow[];
  participants: number;
  role: ManagerRole;
  now?: Date;
}

export function detailView(row: AssignmentRow, x: DetailExtras): TAssignmentDetail {
  const byId = new Map(x.flows.map((f) => [f.id, f]));
  // Deleted flows drop out, in the owner's order.
  const flows = row.flowIds.flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ _id: f.id, name: f.name, iconUrl: f.iconUrl }] : [];
  });
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    code: row.code,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    startDate: iso(row.startDate),
    endDate: row.endDate ? iso(row.endDate) : null,
    flowIds: flows.map((f) => f._id),
    flows,
    iconUrl: row.iconUrl,
    isPaused: row.isPaused,
    isLocked: row.isLocked,
    ownerId: row.ownerId,
    ownername: x.owner?.fullname || x.owner?.email || '',
    ownerEmail: x.owner?.email ?? '',
    orgId: row.orgId,
    signInRequired: row.signInRequired,
    status: assignmentStatus(row, x.now),
    tagIds: row.tagIds,
    type: row.type,
    unitUsageOption: row.unitUsageOption,
    participants: x.participants,
    disableSubmissionReport: row.disableSubmissionReport,
    disableDashboard: row.disableDashboard,
    disablePublicAccessLink: row.disablePublicAccessLink,
    role: x.role,
  };
}

export function coOwnerView(u: UserInfo & { addedAt: Date }): TCoOwner {
  return {
    _id: u.id,
    id: u.id,
    email: u.email,
    fullname: u.fullname,
    profileImg: u.profileImg,
    addedAt: iso(u.addedAt),
  };
}

/** A link with its wallet: what is left and what its learners spent (spec 02 §3). */
export function accessLinkView(
  row: AccessLinkRow,
  origin: string,
  wallet: { remaining: bigint; used: bigint },
): TAccessLink {
  return {
    id: row.code,
    url: publicLink(origin, row.code),
    createdAt: iso(row.createdAt),
    totalRemainingValue: creditsToNumber(wallet.remaining),
    totalUsedValue: creditsToNumber(wallet.used),
    totalValue: creditsToNumber(wallet.remaining + wallet.used),
  };
}
