import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  AssignmentMessage,
  type TAssignmentDetail,
  type TAssignmentListItem,
  type ZAssignmentListQuery,
  type ZCreateAssignmentRequest,
  ZJoinCode,
  type ZUpdateAssignmentRequest,
} from '../../shared/contract/assignments';
import type { TPaymentOption } from '../../shared/contract/tools';
import { newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { badRequest, conflict, zodToAppError } from '../http/errors';
import { findFlowsByIds, findUsableFlows } from '../tools/tools.repo';
import { type Caller, type ManagerRole, managedAssignment } from './access';
import {
  type AssignmentPatch,
  type AssignmentRow,
  codeTaken,
  countParticipants,
  deleteAssignment,
  findUsersByIds,
  insertAssignment,
  listManagedAssignments,
  updateAssignment,
} from './assignments.repo';
import { detailView, listItemView } from './assignments.view';

/** No look-alikes (0/O, 1/I/L), so a code read off a projector is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The organisation wallet pays in an organisation; it does not exist in the personal space. */
function checkPayment(orgId: string | null, option: TPaymentOption): void {
  if (orgId && option !== 'PAY_BY_ORG')
    throw badRequest('unitUsageOption: must be PAY_BY_ORG in an organization');
  if (!orgId && option === 'PAY_BY_ORG')
    throw badRequest('unitUsageOption: PAY_BY_ORG is not available in the personal space');
}

function checkDates(start: Date, end: Date | null): void {
  if (end && end.getTime() <= start.getTime()) throw badRequest('endDate: must be after the start date');
}

/** The join code's rules, as a 400 naming the field. */
export function parseJoinCode(code: string): string {
  const parsed = ZJoinCode.safeParse(code);
  if (!parsed.success) throw zodToAppError(parsed.error, 'code');
  return parsed.data;
}

export function createAssignmentsService(deps: AppDeps) {
  const db = deps.database.db;

  async function requireUsableFlows(caller: Caller, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = new Set((await findUsableFlows(db, caller, unique)).map((f) => f.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw badRequest(`flowIds: flow ${missing} is not available in this space`);
    return unique;
  }

  async function detail(row: AssignmentRow, role: ManagerRole): Promise<TAssignmentDetail> {
    const [owners, flows, participants] = await Promise.all([
      findUsersByIds(db, [row.ownerId]),
      findFlowsByIds(db, row.flowIds),
      countParticipants(db, row.id),
    ]);
    return detailView(row, { owner: owners[0] ?? null, flows, participants, role });
  }

  /** The message of spec 02 §7 for what an edit changed. */
  function editMessage(patch: AssignmentPatch): string {
    const keys = Object.keys(patch);
    if (keys.length === 1 && 'isLocked' in patch)
      return patch.isLocked ? AssignmentMessage.locked : AssignmentMessage.unlocked;
    if (keys.length === 1 && 'code' in patch) return AssignmentMessage.codeUpdated;
    return AssignmentMessage.edited;
  }

  return {
    detail,

    async create(
      caller: Caller,
      body: z.output<typeof ZCreateAssignmentRequest>,
    ): Promise<TAssignmentDetail> {
      checkPayment(caller.orgId, body.unitUsageOption);
      const flowIds = await requireUsableFlows(caller, body.flowIds);
      const now = new Date();
      const startDate = body.startDate ? new Date(body.startDate) : now;
      const endDate = body.endDate ? new Date(body.endDate) : null;
      checkDates(startDate, endDate);
      const fields = {
        id: newId(),
        orgId: caller.orgId,
        ownerId: caller.userId,
        name: body.name,
        description: body.description,
        type: body.type,
        iconUrl: body.iconUrl ?? null,
        flowIds,
        unitUsageOption: body.unitUsageOption,
        startDate,
        endDate,
        createdAt: now,
        updatedAt: now,
      };
      // 31^6 ≈ 887 million codes: a collision is rare; draw again rather than fail.
      for (let attempt = 0; attempt < 8; attempt++) {
        const row = await insertAssignment(db, { ...fields, code: newJoinCode() });
        if (row) return detail(row, 'owner');
      }
      throw conflict('Could not allocate a join code; please try again');
    },

    async list(caller: Caller, q: z.output<typeof ZAssignmentListQuery>): Promise<TAssignmentListItem[]> {
      const rows = await listManagedAssignments(db, caller, {
        keyword: q.keyword || undefined,
        status: q.status,
        sortBy: q.sortBy,
        limit: q.limit,
        now: new Date(),
      });
      return rows.map(listItemView);
    },

    async get(caller: Caller, id: string): Promise<TAssignmentDetail> {
      const { row, role } = await managedAssignment(db, caller, id);
      return detail(row, role);
    },

    async update(
      caller: Caller,
      id: string,
      body: z.output<typeof ZUpdateAssignmentRequest>,
    ): Promise<{ data: TAssignmentDetail; message: string }> {
      const { row, role } = await managedAssignment(db, caller, id);
      const { startDate, endDate, flowIds, ...rest } = body;
      const patch: AssignmentPatch = { ...rest };
      if (body.unitUsageOption) checkPayment(row.orgId, body.unitUsageOption);
      if (flowIds) patch.flowIds = await requireUsableFlows(caller, flowIds);
      if (startDate !== undefined) patch.startDate = startDate ? new Date(startDate) : row.createdAt;
      if (endDate !== undefined) patch.endDate = endDate ? new Date(endDate) : null;
      if (startDate !== undefined || endDate !== undefined)
        checkDates(
          patch.startDate ?? row.startDate,
          patch.endDate === undefined ? row.endDate : patch.endDate,
        );
      // Changing a code to itself (whatever its case) is no conflict.
      if (body.code && body.code.toLowerCase() !== row.code.toLowerCase() && (await codeTaken(db, body.code)))
        throw conflict('code: This code is not available.');
      if (Object.keys(patch).length === 0)
        return { data: await detail(row, role), message: editMessage(patch) };
      const updated = await updateAssignment(db, row.id, patch);
      if (updated === 'taken') throw conflict('code: This code is not available.');
      if (!updated) throw badRequest('The assignment was deleted meanwhile');
      return { data: await detail(updated, role), message: editMessage(patch) };
    },

    async togglePause(caller: Caller, id: string, isPaused: boolean) {
      const { row, role } = await managedAssignment(db, caller, id);
      if (row.endDate && row.endDate.getTime() <= Date.now())
        throw badRequest('A completed assignment cannot be paused or resumed.');
      const updated = await updateAssignment(db, row.id, { isPaused });
      if (!updated || updated === 'taken') throw badRequest('The assignment was deleted meanwhile');
      const message = isPaused ? AssignmentMessage.paused : AssignmentMessage.unpaused;
      return { data: await detail(updated, role), message };
    },

    async remove(caller: Caller, id: string): Promise<string> {
      const { row } = await managedAssignment(db, caller, id);
      await deleteAssignment(db, row.id);
      return AssignmentMessage.deleted;
    },

    /** Unique across every space, whatever the case: the code is all a participant types. */
    async checkCode(code: string): Promise<{ isUnique: boolean }> {
      return { isUnique: !(await codeTaken(db, parseJoinCode(code))) };
    },
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
