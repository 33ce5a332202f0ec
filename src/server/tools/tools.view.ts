import type { TTag, TTool, TToolSearchItem } from '../../shared/contract/tools';
import type { TagRow } from './tags.repo';
import type { ToolFlowRow, ToolRow, ToolSearchRow } from './tools.repo';

/** A search result's Tool from a row and the flows that still exist (looked up once for a whole page). */
export function toolSearchItemView(row: ToolSearchRow, flowsById: Map<string, ToolFlowRow>): TToolSearchItem {
  const flows = row.flowIds.flatMap((id) => {
    const f = flowsById.get(id);
    return f
      ? [{ _id: f.id, name: f.name, description: f.description, iconUrl: f.iconUrl, projectId: f.projectId }]
      : [];
  });
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    code: row.code,
    status: row.status,
    iconUrl: row.iconUrl,
    type: row.type,
    // Deleted flows drop out, so flowIds, flowsCount and flows always agree.
    flowIds: flows.map((f) => f._id),
    organizationId: row.orgId,
    tagIds: row.tagIds,
    flowsCount: flows.length,
    flows,
  };
}

/** The contract's Tool: the search fields plus payment option, end date and times. */
export function toolView(row: ToolRow, flowsById: Map<string, ToolFlowRow>): TTool {
  return {
    ...toolSearchItemView(row, flowsById),
    unitUsageOption: row.unitUsageOption,
    endDate: row.endDate ? row.endDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function tagView(row: TagRow): TTag {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.orgId === null,
  };
}
