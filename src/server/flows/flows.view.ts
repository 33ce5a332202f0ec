import type { TFlow, TFlowEdge, TFlowNode, TFlowSummary } from '../../shared/contract/flows';
import type { FlowJsonRow, FlowRow, FlowSummaryRow } from './flows.repo';

const base = (row: Omit<FlowRow, 'nodes' | 'edges'>) => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  description: row.description,
  iconUrl: row.iconUrl,
  projectId: row.projectId,
  ownerId: row.ownerId,
  orgId: row.orgId,
  published: row.published,
  revision: row.revision,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// The graphs were checked against the contract before they were stored.
export const flowView = (row: FlowRow): TFlow => ({
  ...base(row),
  nodes: row.nodes as TFlowNode[],
  edges: row.edges as TFlowEdge[],
});

/** `{ data: TFlow }` as text, with the graph's JSON text as stored (same fields as flowView). */
export const flowJsonView = (row: FlowJsonRow): string =>
  `{"data":${JSON.stringify(base(row)).slice(0, -1)},"nodes":${row.nodesJson},"edges":${row.edgesJson}}}`;

export const flowSummaryView = (row: FlowSummaryRow): TFlowSummary => ({
  ...base(row),
  nodesCount: row.nodesCount,
  ...(row.projectName !== undefined ? { projectName: row.projectName } : {}),
});

export const summaryOf = (row: FlowRow): TFlowSummary => ({ ...base(row), nodesCount: row.nodes.length });

/** The document of a flow: what a .flow file carries. */
export const documentOf = (row: FlowRow) => ({
  name: row.name,
  description: row.description,
  iconUrl: row.iconUrl,
  nodes: row.nodes as TFlowNode[],
  edges: row.edges as TFlowEdge[],
  published: row.published,
});
