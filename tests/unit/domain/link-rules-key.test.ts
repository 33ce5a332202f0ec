import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  linkRulesBlocksKey,
  type TFlowEdge,
  type TFlowNode,
  type TLinkContext,
  validateGraph,
} from '../../../src/shared/domain/link-rules';
import { NODE_CATALOGUE, nodeSpec } from '../../../src/shared/domain/node-catalogue';

/**
 * The server skips the link check of a canvas save whose links and blocks key are those of this
 * flow's last passing check (flows.service.ts). That is right only if the key holds everything the
 * rules read: two graphs with the same links and the same key must get the same report.
 */
const TYPES = NODE_CATALOGUE.filter((s) => !s.disabled && !s.forcedDisabled).map((s) => s.type);
const SHEET_FIELDS = ['owner', 'spreadsheetId', 'spreadsheetName'] as const;

type Graph = { nodes: Array<TFlowNode & { position: { x: number; y: number } }>; edges: TFlowEdge[] };

// Sheet blocks and csv sources often, so the spreadsheet rule (data and account) is often in play.
const arbType = fc.oneof(
  { arbitrary: fc.constantFrom(...TYPES), weight: 2 },
  { arbitrary: fc.constantFrom('csvBuilderNode', 'writeToGoogleSpreadsheetNode'), weight: 1 },
);

const arbGraph = fc
  .record({
    types: fc.array(arbType, { minLength: 2, maxLength: 12 }),
    picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { maxLength: 30 }),
    linked: fc.boolean(),
  })
  .map(({ types, picks, linked }) => {
    const nodes = types.map((type, i) => ({
      id: `n${i}`,
      type,
      position: { x: i * 10, y: 0 },
      data: { label: type } as Record<string, unknown>,
    }));
    const ports = (direction: 'input' | 'output') =>
      nodes.flatMap((n) =>
        (nodeSpec(n.type)?.handles ?? []).filter((h) => h.direction === direction).map((h) => ({ n, h })),
      );
    const [outs, ins] = [ports('output'), ports('input')];
    // Any attempt is kept, refused or not, so the reports have broken links as well; mostly between
    // handles of one type, so many are accepted.
    const edges: TFlowEdge[] = [];
    for (const [a, b, c, i] of outs.length ? picks : []) {
      const o = outs[a % outs.length];
      const pool = c % 4 === 0 ? ins : ins.filter((t) => t.h.type === o.h.type);
      if (!pool.length) continue;
      const t = pool[b % pool.length];
      edges.push({
        id: `e${i}`,
        source: o.n.id,
        target: t.n.id,
        sourceHandle: o.h.handleId,
        targetHandle: t.h.handleId,
        data: c % 7 === 1 ? { broken: { code: 'duplicate' } } : {},
      });
    }
    return {
      graph: { nodes, edges } as Graph,
      ctx: { userLinkedWithGoogleSpreadsheet: linked } as TLinkContext,
    };
  });

/** One change to the blocks or the context; the links stay as they are. */
const arbChange = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), x: fc.integer() }),
  fc.record({ kind: fc.constant('label' as const), at: fc.nat(), text: fc.string() }),
  fc.record({
    kind: fc.constant('sheet' as const),
    at: fc.nat(),
    field: fc.constantFrom(...SHEET_FIELDS),
    value: fc.constantFrom('s1', '', 0, 1, null, true, false),
  }),
  fc.record({ kind: fc.constant('type' as const), at: fc.nat(), type: fc.constantFrom(...TYPES, 'gone') }),
  fc.record({ kind: fc.constant('id' as const), at: fc.nat(), id: fc.constantFrom('n0', 'n1', 'x') }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('account' as const) }),
);
type Change = typeof arbChange extends fc.Arbitrary<infer T> ? T : never;

function changed(graph: Graph, ctx: TLinkContext, change: Change): { graph: Graph; ctx: TLinkContext } {
  const nodes = graph.nodes.map((n) => ({ ...n, data: { ...n.data } }));
  const i = 'at' in change ? change.at % nodes.length : 0;
  const n = nodes[i];
  if (change.kind === 'move') n.position = { x: change.x, y: 1 };
  if (change.kind === 'label') n.data = { ...n.data, label: change.text };
  if (change.kind === 'sheet') {
    // on a sheet block where there is one: the data the spreadsheet rule reads
    const sheets = nodes.filter((x) => x.type === 'writeToGoogleSpreadsheetNode');
    const sheet = sheets.length ? sheets[change.at % sheets.length] : n;
    sheet.data = { ...sheet.data, [change.field]: change.value };
  }
  if (change.kind === 'type') n.type = change.type;
  if (change.kind === 'id') n.id = change.id;
  if (change.kind === 'swap') [nodes[0], nodes[i]] = [nodes[i], nodes[0]];
  const account =
    change.kind === 'account' ? !ctx.userLinkedWithGoogleSpreadsheet : ctx.userLinkedWithGoogleSpreadsheet;
  return { graph: { nodes, edges: graph.edges }, ctx: { userLinkedWithGoogleSpreadsheet: account } };
}

const report = (g: Graph, ctx: TLinkContext) =>
  validateGraph({ nodes: g.nodes, edges: g.edges.filter((e) => !e.data?.broken) }, ctx);

describe('[FLOWS] the key of what the link rules read', () => {
  it('is the same only where the report is the same (the links unchanged)', () => {
    fc.assert(
      fc.property(
        arbGraph,
        fc.array(arbChange, { minLength: 1, maxLength: 3 }),
        ({ graph, ctx }, changes) => {
          let after = { graph, ctx };
          for (const change of changes) after = changed(after.graph, after.ctx, change);
          if (linkRulesBlocksKey(after.graph.nodes, after.ctx) === linkRulesBlocksKey(graph.nodes, ctx)) {
            expect(report(after.graph, after.ctx)).toEqual(report(graph, ctx));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('stays the same when blocks are only moved or their texts edited, so such saves skip the check', () => {
    const { graph, ctx } = fc.sample(arbGraph, { numRuns: 1, seed: 7 })[0];
    const moved = changed(graph, ctx, { kind: 'move', at: 1, x: 999 });
    const edited = changed(moved.graph, moved.ctx, { kind: 'label', at: 0, text: 'Renamed' });
    expect(linkRulesBlocksKey(edited.graph.nodes, edited.ctx)).toBe(linkRulesBlocksKey(graph.nodes, ctx));
  });

  it('changes with a type, an id, a sheet being chosen, or the account being linked', () => {
    const nodes = [
      { id: 'c', type: 'csvBuilderNode', data: {} },
      { id: 'g', type: 'writeToGoogleSpreadsheetNode', data: {} as Record<string, unknown> },
    ];
    const key = linkRulesBlocksKey(nodes);
    expect(linkRulesBlocksKey([nodes[0], { ...nodes[1], data: { spreadsheetId: 's1' } }])).not.toBe(key);
    expect(linkRulesBlocksKey(nodes, { userLinkedWithGoogleSpreadsheet: true })).not.toBe(key);
    expect(linkRulesBlocksKey([{ ...nodes[0], type: 'textNode' }, nodes[1]])).not.toBe(key);
    expect(linkRulesBlocksKey([{ ...nodes[0], id: 'd' }, nodes[1]])).not.toBe(key);
    expect(linkRulesBlocksKey([nodes[0], { ...nodes[1], data: { spreadsheetId: '' } }])).toBe(key);
  });
});
