import { nodeSpec } from '../node-catalogue';
import { linksFrom, type TRunNode } from './graph';
import { executorFor } from './nodes';
import { countStep, overBudget, runBlock, storeOutputs } from './outcome';
import { addIssue, type TSession } from './session';
import { makeIssue } from './state';

const EXECUTION_MERGER = 'executionConnectorNode';

/**
 * Background work: the blocks on `execution` links out of `from` run now, before the main path goes
 * on (the results are those of a parallel run; running them one after another keeps the state simple).
 * An Execution Merger passes on once every linked background path has reached it.
 */
export async function runBackground(s: TSession, from: TRunNode): Promise<void> {
  const queue: Array<{ nodeId: string; from: string }> = [];
  const enqueue = (n: TRunNode) => {
    for (const h of nodeSpec(n.type)?.handles ?? []) {
      if (h.direction !== 'output' || h.type !== 'execution') continue;
      for (const link of linksFrom(s.g, n.id, h.handleId)) queue.push({ nodeId: link.target, from: n.id });
    }
  };
  enqueue(from);
  for (let item = queue.shift(); item; item = queue.shift()) {
    const node = s.g.nodes.get(item.nodeId);
    if (!node) continue;
    if (overBudget(s)) {
      addIssue(s, makeIssue('step-budget', 'warning', { nodeId: node.id, nodeType: node.type }));
      return;
    }
    countStep(s, node);
    if (node.type === EXECUTION_MERGER) {
      const arrived = new Set([...(s.state.arrivals[node.id] ?? []), item.from]);
      const expected = [...(s.g.execSources.get(node.id) ?? [])];
      if (expected.every((id) => arrived.has(id))) {
        delete s.state.arrivals[node.id];
        enqueue(node);
      } else s.state.arrivals[node.id] = [...arrived];
      continue;
    }
    const outcome = await runBlock(s, node, 'execution', (ctx) => executorFor(node.type).run(ctx));
    const where = { nodeId: node.id, nodeType: node.type };
    if (outcome.kind === 'wait') addIssue(s, makeIssue('learner-node-in-background', 'warning', where));
    else if (outcome.kind === 'fail') addIssue(s, { ...outcome.issue, severity: 'warning' });
    else {
      if (outcome.kind === 'next' && outcome.outputs) storeOutputs(s, node.id, outcome.outputs);
      enqueue(node);
    }
  }
}
