import { act, fireEvent, render, screen } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeBar } from '../../src/features/canvas/components/NoticeBar';
import { TopBar } from '../../src/features/canvas/components/TopBar';
import { editor, graph } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { deviceWrites } from '../../src/features/canvas/store/persistence';
import { saveNow } from '../../src/features/canvas/store/save.actions';
import { flowExport } from '../../src/ui/download';
import { flow, flowId, muteFetch } from './canvas.fixtures';
import { stubApi } from './collections.fixtures';

/**
 * A device whose storage is full. happy-dom has no IndexedDB, so idb-keyval (the only IndexedDB
 * code of the editor's persistence) is replaced by a store that refuses writes as a full disk does;
 * persistence.ts itself runs as in the browser.
 */
const disk = vi.hoisted(() => ({ refuse: null as Error | null, kept: new Map<string, unknown>() }));
vi.mock('idb-keyval', () => ({
  createStore: () => () => undefined,
  get: async (key: string) => disk.kept.get(key),
  set: async (key: string, value: unknown) => {
    if (disk.refuse) throw disk.refuse;
    disk.kept.set(key, structuredClone(value));
  },
  del: async (key: string) => {
    disk.kept.delete(key);
  },
}));

const FULL = /storage is full, so your latest changes are kept only in this tab/;
let F = '';
const settle = () => act(() => vi.advanceTimersByTimeAsync(400));
const ui = () =>
  render(
    <>
      <TopBar orgCode="personal" projectId="p1" />
      <NoticeBar />
    </>,
  );
const state = () => screen.getByTestId('save-state').getAttribute('data-state');

/** The downloads saveBlob starts: the blob given to the browser and the anchor's file name. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    last = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) files.push({ name: this.download, blob: last });
  });
  return files;
}

beforeEach(async () => {
  vi.stubGlobal('indexedDB', {});
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  F = flowId();
  disk.refuse = null;
  stubApi({
    [`GET flows/${F}`]: () => ({ body: { data: flow(F, { description: 'Week 3', published: true }) } }),
    // What the service worker answers when, offline, its outbox cannot keep the save (sw/outbox.ts).
    [`PUT flows/${F}`]: () => ({
      status: 507,
      body: { errorCode: 'STORAGE_FULL', message: 'This change could not be kept on this device.' },
    }),
  });
  await openFlow(F);
});
afterEach(() => {
  closeFlow();
  vi.useRealTimers();
  vi.restoreAllMocks();
  muteFetch();
});

describe('[CANVAS] a full device', () => {
  it('says a refused draft is only in this tab, keeps editing, and exports what the canvas shows', async () => {
    ui();
    await settle();
    expect(state()).toBe('saved');
    expect(screen.queryByTestId('storage-notice')).toBeNull();

    disk.refuse = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    act(() => void placeNode('textNode', { x: 500, y: 0 }));
    await settle();
    expect(screen.getByTestId('storage-notice').textContent).toMatch(FULL);
    expect(state()).toBe('tab');
    expect(screen.getByTestId('save-state').textContent).toBe('Only in this tab');

    // Editing goes on: another block, an undo, a redo-able history, nothing thrown.
    act(() => void placeNode('imageNode', { x: 500, y: 300 }));
    act(() => void placeNode('displayNode', { x: 800, y: 300 }));
    act(() => undo());
    await settle();
    expect(graph.get().nodes).toHaveLength(5);
    expect(editor.pending).toBeGreaterThan(0);
    expect(editor.canRedo).toBe(true);

    // The way out, in the notice (and the same action offered to the app's storage popup).
    expect(flowExport.offered).toBe(true);
    const files = catchDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export this flow' }));
    expect(files).toHaveLength(1);
    expect(files[0].name).toMatch(/^Photosynthesis-\d{4}-\d{2}-\d{2}-\d{6}\.flow$/);
    const zip = unzipSync(new Uint8Array(await files[0].blob.arrayBuffer()));
    const doc = JSON.parse(strFromU8(zip['flow.json']));
    expect(doc.nodes.map((n: { id: string }) => n.id)).toEqual(graph.get().nodes.map((n) => n.id));
    expect(doc.edges).toHaveLength(graph.get().edges.length);
    expect(doc).toMatchObject({ name: 'Photosynthesis', description: 'Week 3', published: true });
    expect(JSON.parse(strFromU8(zip['manifest.json'])).format).toBe('flowlearn.flow');

    // Space again: the next change is kept and the notice goes.
    disk.refuse = null;
    act(() => void placeNode('textNode', { x: 0, y: 600 }));
    await settle();
    expect(screen.queryByTestId('storage-notice')).toBeNull();
    expect(deviceWrites.draft).toBeNull();
  });

  it('a save the worker could not keep (507 STORAGE_FULL) is not a refusal but the same way out', async () => {
    ui();
    act(() => void placeNode('textNode', { x: 500, y: 0 }));
    await act(() => saveNow());
    expect(editor.refusal).toBeNull();
    expect(state()).toBe('tab');
    expect(screen.getByTestId('storage-notice').textContent).toMatch(FULL);
    expect(screen.getByRole('button', { name: 'Export this flow' })).toBeTruthy();
  });

  it('another IndexedDB failure is named as such', async () => {
    ui();
    disk.refuse = new Error('The database connection is closing.');
    act(() => void placeNode('textNode', { x: 500, y: 0 }));
    await settle();
    expect(screen.getByTestId('storage-notice').textContent).toMatch(/could not keep your latest changes/);
    expect(state()).toBe('tab');
  });
});
