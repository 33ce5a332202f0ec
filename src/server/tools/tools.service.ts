import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type {
  TTool,
  TToolSearchResponse,
  ZCreateToolRequest,
  ZToolSearchQuery,
} from '../../shared/contract/tools';
import { isId, newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Caller } from './caller';
import { visibleTagIds } from './tags.repo';
import { searchTools } from './tool-search.repo';
import { findFlowsByIds, findToolInSpace, findUsableFlows, insertTool, type ToolRow } from './tools.repo';
import { toolSearchItemView, toolView } from './tools.view';

const MAX_TERMS = 8;
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 8;

/** The words of a search box: letters and digits, lower-cased; punctuation separates them. */
export function searchTerms(keyword: string | undefined): string[] {
  return (keyword?.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/** Short public code without look-alike characters (no 0/o, 1/l/i), for share links. */
export function newToolCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.trim()))];

export function createToolsService(deps: AppDeps) {
  const db = deps.database.db;

  async function views(rows: ToolRow[]): Promise<TTool[]> {
    const flows = await findFlowsByIds(db, [...new Set(rows.flatMap((r) => r.flowIds))]);
    const byId = new Map(flows.map((f) => [f.id, f]));
    return rows.map((r) => toolView(r, byId));
  }

  /** Every id must be a flow the caller may use in the space; the first that is not is named. */
  async function requireUsableFlows(caller: Caller, flowIds: string[]) {
    const ids = unique(flowIds);
    const space = { orgId: caller.orgId, userId: caller.userId, isOrgAdmin: caller.role === 'admin' };
    const found = await findUsableFlows(db, space, ids.filter(isId));
    const byId = new Map(found.map((f) => [f.id, f]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw badRequest(`flowIds: flow ${missing} is not available in this space`);
    return ids.map((id) => byId.get(id)!);
  }

  return {
    requireUsableFlows,

    async search(caller: Caller, q: z.output<typeof ZToolSearchQuery>): Promise<TToolSearchResponse> {
      const terms = searchTerms(q.keyword);
      const base = { orgId: caller.orgId, userId: caller.userId, tagId: q.tagId?.trim() || undefined, terms };
      let result = await searchTools(db, { ...base, mode: 'words', limit: q.limit });
      // Word prefixes found nothing: try the words as parts of words ("ynthesis" in "Photosynthesis").
      if (terms.length && result.found === 0)
        result = await searchTools(db, { ...base, mode: 'substring', limit: q.limit, total: result.total });
      const flows = new Map(result.flows.map((f) => [f.id, f]));
      const tools = result.tools.map((row) => toolSearchItemView(row, flows));
      return { tools, total: result.total, found: result.found, success: true };
    },

    async get(caller: Caller, id: string): Promise<TTool> {
      const row = isId(id) ? await findToolInSpace(db, caller, id) : null;
      if (!row) throw notFound('Tool');
      const [view] = await views([row]);
      return view;
    },

    async create(caller: Caller, body: z.output<typeof ZCreateToolRequest>): Promise<TTool> {
      // The organisation wallet pays in an organisation; it does not exist in the personal space.
      if (caller.orgId && body.unitUsageOption !== 'PAY_BY_ORG') {
        throw badRequest('unitUsageOption: must be PAY_BY_ORG in an organization');
      }
      if (!caller.orgId && body.unitUsageOption === 'PAY_BY_ORG') {
        throw badRequest('unitUsageOption: PAY_BY_ORG is not available in the personal space');
      }
      const flows = await requireUsableFlows(caller, body.flowIds);
      const tagIds = unique(body.tagIds);
      const known = await visibleTagIds(db, caller.orgId, tagIds.filter(isId));
      const unknownTag = tagIds.find((id) => !known.has(id));
      if (unknownTag !== undefined) throw badRequest(`tagIds: tag ${unknownTag} not found`);

      const now = new Date();
      const fields = {
        id: newId(),
        orgId: caller.orgId,
        ownerId: caller.userId,
        name: body.name,
        description: body.description,
        iconUrl: body.iconUrl ?? null,
        type: body.type,
        flowIds: flows.map((f) => f.id),
        tagIds,
        unitUsageOption: body.unitUsageOption,
        endDate: body.endDate ? new Date(body.endDate) : null,
        createdAt: now,
        updatedAt: now,
      };
      // A code collision is very unlikely (31^8); draw again rather than fail.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await insertTool(db, { ...fields, code: newToolCode() });
        if (row) return (await views([row]))[0];
      }
      throw conflict('Could not allocate a tool code; please try again');
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
