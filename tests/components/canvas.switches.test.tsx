import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type NodeProps, ReactFlowProvider } from '@xyflow/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCanvasNode, TNodeData } from '../../src/features/canvas/canvas.types';
import { FlowNode } from '../../src/features/canvas/components/FlowNode';
import { NodeFields } from '../../src/features/canvas/components/NodeFields';
import { graph, session } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { nodeSpec } from '../../src/shared/domain/node-catalogue';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const F = flowId();
  stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F) } }) });
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  vi.useRealTimers();
  muteFetch();
});

function block(id: string, type: string, data: TNodeData) {
  const props = { id, type, data, selected: false } as unknown as NodeProps<TCanvasNode>;
  return (
    <ReactFlowProvider>
      <FlowNode {...props} />
    </ReactFlowProvider>
  );
}

const dataOf = (id: string): TNodeData => graph.get().nodes.find((n) => n.id === id)?.data ?? {};

function panelOf(type: string) {
  const placed = placeNode(type, { x: 500, y: 500 });
  const spec = nodeSpec(type);
  if (!spec) throw new Error(type);
  render(<NodeFields id={placed.id} data={dataOf(placed.id)} spec={spec} />);
  return placed.id;
}

describe('[CANVAS] yes/no settings of a block', () => {
  it('a journal block’s panel switches "Shared with the class" on as data.collaborative, one undo step', async () => {
    const id = panelOf('journalNode');
    // A new (or old) block has no flag: its journal is the learner's own.
    expect(dataOf(id).collaborative).toBeUndefined();
    const box = screen.getByLabelText('Shared with the class') as HTMLInputElement;
    expect(box.checked).toBe(false);
    const steps = session.history.snapshots.length;
    await act(async () => fireEvent.click(box));
    expect(dataOf(id).collaborative).toBe(true);
    expect(session.history.snapshots.length).toBe(steps + 1);
    // The block on the canvas shows that it is shared.
    cleanup();
    render(block(id, 'journalNode', dataOf(id)));
    expect(screen.getByTitle('Shared with the class')).toBeTruthy();
    cleanup();
    undo();
    expect(dataOf(id).collaborative).toBeFalsy();
    render(block(id, 'journalNode', dataOf(id)));
    expect(screen.queryByTitle('Shared with the class')).toBeNull();
  });

  it('shows it on Read Journal and Update Journal too, and not on other blocks', () => {
    for (const type of ['readJournalNode', 'updateJournalNode']) {
      panelOf(type);
      expect(screen.getAllByLabelText('Shared with the class')).toHaveLength(1);
      cleanup();
    }
    panelOf('textNode');
    expect(screen.queryByLabelText('Shared with the class')).toBeNull();
  });
});
