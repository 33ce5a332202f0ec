import type { TFlowEdge, TFlowNode } from '../../shared/contract/flows';
import { newId } from '../../shared/domain/ids';
import { buildEdge, checkConnection, type TConnection } from '../../shared/domain/link-rules';
import { insertFlows } from '../flows/flows.repo';
import type { AppDeps } from '../http/context';
import { findOrgByCode } from '../orgs/orgs.repo';
import { findOwnedByName, insertCollection } from './collections.repo';

/**
 * A small valid flow: Start leads to a Display Text block, which shows the text of a Text block.
 * Edges are built with the link rules, so the seed cannot drift from what the canvas accepts.
 */
export function demoGraph(text: string): { nodes: TFlowNode[]; edges: TFlowEdge[] } {
  const nodes: TFlowNode[] = [
    { id: 'start', type: 'beginNode', position: { x: 0, y: 120 }, data: { label: 'Start' } },
    { id: 'text', type: 'textNode', position: { x: 0, y: 300 }, data: { label: 'Text', text } },
    { id: 'display', type: 'displayNode', position: { x: 320, y: 160 }, data: { label: 'Display Text' } },
  ];
  const links: TConnection[] = [
    { source: 'start', sourceHandle: 'out', target: 'display', targetHandle: 'in' },
    { source: 'text', sourceHandle: 'text', target: 'display', targetHandle: 'text' },
  ];
  const edges: TFlowEdge[] = [];
  for (const [i, link] of links.entries()) {
    const checked = checkConnection(link, { nodes, edges });
    if (!checked.ok) throw new Error(`demo flow link refused: ${checked.reason}`);
    edges.push(buildEdge(link, checked.type, nodes, `e${i + 1}`) as TFlowEdge);
  }
  return { nodes, edges };
}

const PERSONAL = {
  name: 'Demo Collection',
  description: 'A few small flows to explore: open one, change the text, and press Save.',
  flows: [
    ['Welcome', 'Welcome to Flowlearn! This flow shows one piece of text to the learner.'],
    ['Flow 2', 'A second flow, so sorting by name has something to do.'],
    ['Flow 10', 'Names sort naturally: Flow 2 comes before Flow 10.'],
  ],
};
const ORG = {
  name: 'Demo School Collection',
  description: 'Shared with the Demo School organisation.',
  flows: [['Class welcome', 'Welcome to class! Everyone in Demo School can build on this flow.']],
};

async function seedOne(
  deps: AppDeps,
  ownerId: string,
  orgId: string | null,
  spec: typeof PERSONAL,
): Promise<void> {
  const db = deps.database.db;
  if (await findOwnedByName(db, orgId, ownerId, spec.name)) return;
  const col = await insertCollection(
    db,
    { id: newId(), orgId, ownerId, name: spec.name, description: spec.description },
    [],
    [],
  );
  const rows = spec.flows.map(([name, text]) => ({
    ...demoGraph(text),
    id: newId(),
    orgId,
    ownerId,
    projectId: col.id,
    name,
    description: '',
    iconUrl: null,
    published: false,
  }));
  await insertFlows(db, rows);
  deps.logger.info('seeded demo collection', { name: spec.name, orgId });
}

/** Idempotent: the demo user's personal 'Demo Collection' and one collection in the demo organisation. */
export async function seedCollections(
  deps: AppDeps,
  demoUserId: string,
  orgCode = 'demo-school',
): Promise<void> {
  await seedOne(deps, demoUserId, null, PERSONAL);
  const org = await findOrgByCode(deps.database.db, orgCode);
  if (org) await seedOne(deps, demoUserId, org.id, ORG);
}
