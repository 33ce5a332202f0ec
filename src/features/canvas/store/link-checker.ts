import { createLinkChecker, type TLinkChecker, type TLinkContext } from '../../../shared/domain/link-rules';
import { profile } from '../../../ui/profile';
import type { TGraphState } from '../canvas.types';

let cached: {
  nodes: unknown;
  edges: unknown;
  linked: boolean;
  reconnecting: string | null;
  checker: TLinkChecker;
} | null = null;
/** The link whose end is being dragged elsewhere: it is being replaced, so it takes no slot. */
let reconnecting: string | null = null;

export function setReconnecting(edgeId: string | null): void {
  reconnecting = edgeId;
}

/** The user's part of the link rules, as the server applies it on save (flows.service.ts). */
export const linkContext = (): TLinkContext => ({
  userLinkedWithGoogleSpreadsheet: profile.linkedWithGoogleSpreadSheet,
});

/**
 * The link checker of the current graph, rebuilt only when the nodes, the edges, the user's
 * spreadsheet link or the link being moved change (it indexes the graph once, then each check is
 * O(1)). Links an import marked broken take no slot, as on the server.
 */
export function linkChecker(g: TGraphState): TLinkChecker {
  const linked = profile.linkedWithGoogleSpreadSheet;
  const c = cached;
  if (
    c &&
    c.nodes === g.nodes &&
    c.edges === g.edges &&
    c.linked === linked &&
    c.reconnecting === reconnecting
  )
    return c.checker;
  const edges = g.edges.filter((e) => !e.data?.broken && e.id !== reconnecting);
  const checker = createLinkChecker({ nodes: g.nodes, edges }, linkContext());
  cached = { nodes: g.nodes, edges: g.edges, linked, reconnecting, checker };
  return checker;
}
