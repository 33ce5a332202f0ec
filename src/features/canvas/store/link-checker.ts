import { createLinkChecker, type TLinkChecker, type TLinkContext } from '../../../shared/domain/link-rules';
import { profile } from '../../../ui/profile';
import type { TGraphState } from '../canvas.types';

let cached: { nodes: unknown; edges: unknown; linked: boolean; checker: TLinkChecker } | null = null;

/** The user's part of the link rules, as the server applies it on save (flows.service.ts). */
export const linkContext = (): TLinkContext => ({
  userLinkedWithGoogleSpreadsheet: profile.linkedWithGoogleSpreadSheet,
});

/**
 * The link checker of the current graph, rebuilt only when the nodes, the edges or the user's
 * spreadsheet link change (it indexes the graph once, then each check is O(1)). Links an import
 * marked broken take no slot, as on the server.
 */
export function linkChecker(g: TGraphState): TLinkChecker {
  const linked = profile.linkedWithGoogleSpreadSheet;
  if (cached && cached.nodes === g.nodes && cached.edges === g.edges && cached.linked === linked)
    return cached.checker;
  const edges = g.edges.filter((e) => !e.data?.broken);
  const checker = createLinkChecker({ nodes: g.nodes, edges }, linkContext());
  cached = { nodes: g.nodes, edges: g.edges, linked, checker };
  return checker;
}
