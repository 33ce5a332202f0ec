import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveStateOf } from '../../src/features/canvas/save-state';
import { editor, session } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { writeDraft } from '../../src/features/canvas/store/persistence';
import { saveNow } from '../../src/features/canvas/store/save.actions';
import { QUEUED_HEADER } from '../../src/shared/outbox/protocol';
import { outboxState } from '../../src/ui/outbox-state';
import { flow, flowId, muteFetch, node } from './canvas.fixtures';

/** The service worker's outbox: a save made offline is queued (202), delivered or refused later. */
let F = '';
const puts: unknown[] = [];

/** The flow the server gives for GET; a test changes it to what a replay delivered. */
let onServer: ReturnType<typeof flow>;

function stubWorker(answer: 'queued' | 'saved') {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      if (answer === 'queued') {
        const body = JSON.stringify({ queued: true, outboxSize: 1, id: 'q1' });
        return new Response(body, { status: 202, headers: { [QUEUED_HEADER]: '1' } });
      }
      return Response.json({ data: flow(F, { revision: 5 }) });
    }
    if (path === `/api/flows/${F}`) return Response.json({ data: onServer });
    return Response.json({ message: 'no stub' }, { status: 404 });
  });
}

beforeEach(async () => {
  F = flowId();
  puts.length = 0;
  outboxState.sent = {};
  outboxState.conflicts = {};
  onServer = flow(F);
  stubWorker('queued');
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  muteFetch();
});

describe('[CANVAS] the service worker outbox', () => {
  it('a queued save reads "Saved on this device"; its delivery gives the revision to carry on from', async () => {
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    expect(puts).toHaveLength(1);
    expect(saveStateOf(editor)).toBe('device');
    outboxState.sent[`flow:${F}`] = { baseRevision: 3, revision: 4, at: Date.now() };
    await vi.waitFor(() => expect(session.baseRevision).toBe(4));
    expect(editor.pending).toBe(0);
    expect(saveStateOf(editor)).toBe('saved');
  });

  it('a replay the server refused with 409 opens the conflict dialog', async () => {
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    const item = {
      id: 'q1',
      route: 'flow-save',
      key: `flow:${F}`,
      method: 'PUT',
      url: '',
      orgId: null,
      userId: null,
    };
    outboxState.conflicts.q1 = {
      item: { ...item, flowId: F, createdAt: 0, updatedAt: 0, failed: { status: 409, body: {}, at: 0 } },
      current: flow(F, { revision: 8, name: 'Theirs' }),
    };
    await vi.waitFor(() => expect(editor.conflict?.current.revision).toBe(8));
    expect(saveStateOf(editor)).toBe('conflict');
  });

  describe('a save queued before the browser restarted, delivered after', () => {
    async function queuedDraft() {
      const mine = flow(F);
      const nodes = [...mine.nodes, node('queued', 'textNode', 400, 400)];
      await writeDraft({
        flowId: F,
        name: mine.name,
        nodes,
        edges: mine.edges,
        baseRevision: 3,
        pending: 1,
        updatedAt: Date.now(),
      });
      return nodes;
    }
    async function reopenWithQueuedDraft() {
      closeFlow();
      const nodes = await queuedDraft();
      await openFlow(F);
      expect(editor.restoredDraft).toBe(true);
      puts.length = 0;
      return nodes;
    }
    const deliver = () => {
      outboxState.sent[`flow:${F}`] = { baseRevision: 3, revision: 4, at: Date.now() };
    };

    it('is not sent a second time when the server now has exactly the restored draft', async () => {
      const nodes = await reopenWithQueuedDraft();
      onServer = flow(F, { revision: 4, nodes });
      deliver();
      await vi.waitFor(() => expect(saveStateOf(editor)).toBe('saved'));
      expect(session.baseRevision).toBe(4);
      await new Promise((r) => setTimeout(r, 1700));
      expect(puts).toHaveLength(0);
    });

    it('is sent on top of the delivered revision when the canvas changed since', async () => {
      await reopenWithQueuedDraft();
      placeNode('imageNode', { x: 800, y: 0 });
      onServer = flow(F, { revision: 4 });
      deliver();
      await vi.waitFor(() => expect(puts).toHaveLength(1));
      expect((puts[0] as { revision: number }).revision).toBe(4);
    });

    it('is not sent again when the worker delivered it while the flow was loading', async () => {
      closeFlow();
      await new Promise((r) => setTimeout(r, 50));
      puts.length = 0;
      const nodes = await queuedDraft();
      // The load reads revision 3; the delivery lands before the editor starts following the outbox.
      const delivered = flow(F, { revision: 4, nodes });
      let reads = 0;
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return Response.json({ message: 'stale' }, { status: 409 });
        }
        if (path !== `/api/flows/${F}`) return Response.json({ message: 'no stub' }, { status: 404 });
        if (reads++ > 0) return Response.json({ data: delivered });
        deliver();
        return Response.json({ data: flow(F) });
      });
      await openFlow(F);
      await vi.waitFor(() => expect(session.baseRevision).toBe(4));
      await vi.waitFor(() => expect(saveStateOf(editor)).toBe('saved'));
      await new Promise((r) => setTimeout(r, 1700));
      expect(puts).toHaveLength(0);
    });
  });
});
