import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveState } from '../../src/features/canvas/components/SaveState';
import { saveStateOf } from '../../src/features/canvas/save-state';
import { editor, graph } from '../../src/features/canvas/store/canvas.store';
import {
  loadServerVersion,
  overwriteServer,
  saveMineAsCopy,
} from '../../src/features/canvas/store/conflict.actions';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { readDraft } from '../../src/features/canvas/store/persistence';
import { saveNow } from '../../src/features/canvas/store/save.actions';
import { flow, flowId, muteFetch, node } from './canvas.fixtures';
import { type Call, stubApi } from './collections.fixtures';

type Routes = Parameters<typeof stubApi>[0];
let F = '';
let calls: Call[] = [];
const puts = () => calls.filter((c) => c.method === 'PUT');
const theirs = () => flow(F, { revision: 6, name: 'Theirs', nodes: [node('other', 'textNode')], edges: [] });

async function open(routes: Routes = {}) {
  calls = stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F) } }), ...routes });
  await openFlow(F);
}
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  F = flowId();
});
afterEach(() => {
  closeFlow();
  vi.useRealTimers();
  muteFetch();
});

describe('[CANVAS] saving', () => {
  it('saves ~1.5 s after the last change with the revision it started from', async () => {
    await open({
      [`PUT flows/${F}`]: ({ body }) => ({
        body: { data: { ...flow(F), ...(body as object), revision: 4 } },
      }),
    });
    placeNode('textNode', { x: 500, y: 0 });
    await wait(1000);
    placeNode('imageNode', { x: 500, y: 300 });
    await wait(1000);
    expect(puts()).toHaveLength(0);
    expect(saveStateOf(editor)).toBe('saving');
    await wait(600);
    expect(puts()).toHaveLength(1);
    const body = puts()[0].body as { revision: number; nodes: { selected?: boolean }[]; name: string };
    expect(body.revision).toBe(3);
    expect(body.nodes).toHaveLength(5);
    expect(body.nodes.some((n) => 'selected' in n)).toBe(false);
    expect(body.name).toBe('Photosynthesis');
    expect(editor.pending).toBe(0);
    expect(saveStateOf(editor)).toBe('saved');
    expect(await readDraft(F)).toBeUndefined();
    placeNode('textNode', { x: 800, y: 0 });
    await saveNow();
    expect((puts()[1].body as { revision: number }).revision).toBe(4);
  });

  it('a 409 opens the conflict; loading the server version keeps mine one undo away', async () => {
    await open({
      [`PUT flows/${F}`]: () => ({
        status: 409,
        body: { errorCode: 'CONFLICT', message: 'x', details: { current: theirs() } },
      }),
    });
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    expect(editor.conflict?.current.revision).toBe(6);
    expect(saveStateOf(editor)).toBe('conflict');
    await loadServerVersion();
    expect(graph.get().nodes.map((n) => n.id)).toEqual(['other']);
    expect(editor.name).toBe('Theirs');
    expect(editor.pending).toBe(0);
    expect(puts()).toHaveLength(1);
    undo();
    expect(graph.get().nodes).toHaveLength(4);
  });

  it('overwrite saves mine with the server revision', async () => {
    let n = 0;
    await open({
      [`PUT flows/${F}`]: ({ body }) =>
        ++n === 1
          ? { status: 409, body: { errorCode: 'CONFLICT', message: 'x', details: { current: theirs() } } }
          : { body: { data: { ...flow(F), ...(body as object), revision: 7 } } },
    });
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    await overwriteServer();
    expect(puts()).toHaveLength(2);
    expect((puts()[1].body as { revision: number; nodes: unknown[] }).revision).toBe(6);
    expect((puts()[1].body as { nodes: unknown[] }).nodes).toHaveLength(4);
    expect(editor.conflict).toBeNull();
    expect(saveStateOf(editor)).toBe('saved');
  });

  it('save mine as a copy creates a new flow in the same project with my graph', async () => {
    const copy = flow('c'.repeat(24), { name: 'Mine (my copy)' });
    await open({
      [`PUT flows/${F}`]: () => ({
        status: 409,
        body: { errorCode: 'CONFLICT', message: 'x', details: { current: theirs() } },
      }),
      'POST flows': () => ({ status: 201, body: { data: copy, message: 'ok' } }),
    });
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    const made = await saveMineAsCopy('Mine (my copy)');
    expect(made).toEqual({ id: copy._id, projectId: copy.projectId });
    const post = calls.find((c) => c.method === 'POST')!.body as {
      projectId: string;
      nodes: unknown[];
      name: string;
    };
    expect(post.projectId).toBe(copy.projectId);
    expect(post.nodes).toHaveLength(4);
    expect(post.name).toBe('Mine (my copy)');
    expect(await readDraft(F)).toBeUndefined();
  });

  it('a 400 shows the server message and keeps the draft on this device', async () => {
    await open({
      [`PUT flows/${F}`]: () => ({ status: 400, body: { message: 'The flow breaks the link rules: x' } }),
    });
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    expect(editor.refusal).toBe('The flow breaks the link rules: x');
    expect(saveStateOf(editor)).toBe('refused');
    expect((await readDraft(F))?.pending).toBe(1);
  });

  it('a network failure reads "Saved on this device" and retries', async () => {
    await open();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    placeNode('textNode', { x: 500, y: 0 });
    await saveNow();
    expect(saveStateOf(editor)).toBe('device');
    expect((await readDraft(F))?.nodes).toHaveLength(4);
  });
});

describe('[CANVAS] save state labels', () => {
  const base = {
    saving: false,
    pending: 0,
    networkFailed: false,
    online: true,
    refusal: null,
    conflict: null,
  };
  it.each([
    [{}, 'Saved'],
    [{ saving: true, pending: 1 }, 'Saving…'],
    [{ pending: 2 }, 'Saving…'],
    [{ pending: 2, networkFailed: true }, 'Saved on this device'],
    [{ pending: 3, online: false, networkFailed: true }, 'Offline — 3 changes waiting'],
    [{ pending: 1, online: false }, 'Offline — 1 change waiting'],
    [{ pending: 1, refusal: 'no' }, 'Not saved'],
  ])('%o reads %s', (state, label) => {
    Object.assign(editor, base, state);
    render(<SaveState />);
    expect(screen.getByTestId('save-state').textContent).toBe(label);
  });
});
