import { createLinkChecker, type TLinkChecker } from '../../../shared/domain/link-rules';
import type { TGraphState } from '../canvas.types';

let cached: { nodes: unknown; edges: unknown; checker: TLinkChecker } | null = null;

/**
 * The link checker of the current graph, rebuilt only when the nodes or edges change (it indexes the
 * graph once, then each check is O(1)). Links an import marked broken take no slot, as on the server.
 */
export function linkChecker(g: TGraphState): TLinkChecker {
  if (cached && cached.nodes === g.nodes && cached.edges === g.edges) return cached.checker;
  const edges = g.edges.filter((e) => !e.data?.broken);
  const checker = createLinkChecker({ nodes: g.nodes, edges });
  cached = { nodes: g.nodes, edges: g.edges, checker };
  return checker;
}
