import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplaceFromFile } from '../../src/features/canvas/components/ReplaceFromFile';
import { editor, graph, session } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
import { undo } from '../../src/features/canvas/store/history.actions';
import { closeFlow, openFlow } from '../../src/features/canvas/store/load.actions';
import { writeFlowFile } from '../../src/shared/domain/flow-file';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { flow, flowId, muteFetch, node } from './canvas.fixtures';
import { type Call, stubApi } from './collections.fixtures';

type Routes = Parameters<typeof stubApi>[0];
let F = '';
let calls: Call[] = [];
const imports = () => calls.filter((c) => c.method === 'POST' && c.path === `flows/${F}/import`);
const REPORT = { formatVersion: 1, migrations: [], nodesCount: 1, edgesCount: 0 };

/** A real .flow file, as Export writes it, holding one Text block. */
function lessonFile(name = 'lesson.flow'): File {
  const doc = {
    name: 'Lesson',
    description: '',
    iconUrl: null,
    published: false,
    nodes: [node('q', 'textNode')],
    edges: [],
  };
  const bytes = writeFlowFile(doc, { appVersion: 'test', now: new Date('2026-11-28T10:00:00Z') });
  return new File([bytes as BlobPart], name, { type: 'application/octet-stream' });
}

async function open(routes: Routes) {
  calls = stubApi({ [`GET flows/${F}`]: () => ({ body: { data: flow(F) } }), ...routes });
  await openFlow(F);
  render(<ReplaceFromFile />);
}
const pick = (file: File) =>
  act(async () => {
    fireEvent.change(screen.getByTestId('replace-flow-input'), { target: { files: [file] } });
  });

beforeEach(() => {
  F = flowId();
});
afterEach(() => {
  closeFlow();
  hideToast();
  muteFetch();
});

describe('[CANVAS] replace the open flow from a .flow file (POST flows/{id}/import)', () => {
  it('uploads the file guarded by the revision on screen, shows what came in, and undo brings the old blocks back', async () => {
    await open({
      [`POST flows/${F}/import`]: () => ({
        body: {
          data: flow(F, { revision: 4, name: 'Lesson', nodes: [node('q', 'textNode')], edges: [] }),
          report: { ...REPORT, brokenLinks: [] },
        },
      }),
    });
    expect(
      graph
        .get()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(['show', 'start', 'text']);
    await pick(lessonFile());
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({
        type: 'Success',
        message: 'This flow now holds the 1 block of lesson.flow. Undo brings the previous version back.',
      }),
    );
    expect(imports()).toHaveLength(1);
    expect(imports()[0].headers?.['If-Match']).toBe('3');
    expect(imports()[0].headers?.['Content-Type']).toBe('application/octet-stream');
    expect(graph.get().nodes.map((n) => n.id)).toEqual(['q']);
    expect(editor.name).toBe('Lesson');
    expect(editor.pending).toBe(0);
    expect(session.baseRevision).toBe(4);

    // The flow as it was is one undo away (and is then a change to save, like any undo).
    undo();
    expect(
      graph
        .get()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(['show', 'start', 'text']);
    expect(editor.pending).toBeGreaterThan(0);
  });

  it('refuses a file that is not a .flow without a call, and keeps the canvas when the server refuses', async () => {
    await open({
      [`POST flows/${F}/import`]: () => ({
        status: 409,
        body: { message: 'This flow was changed elsewhere.', details: { current: flow(F, { revision: 9 }) } },
      }),
    });
    await pick(new File(['hello'], 'notes.txt'));
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({
        type: 'Error',
        title: 'The flow was not replaced',
        message: 'notes.txt is not a .flow file. Choose a file exported from Flowlearn.',
      }),
    );
    expect(imports()).toHaveLength(0);

    await pick(lessonFile());
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({
        type: 'Error',
        message: 'lesson.flow could not be used: This flow was changed elsewhere.',
      }),
    );
    expect(imports()).toHaveLength(1);
    expect(
      graph
        .get()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(['show', 'start', 'text']);
    expect(session.baseRevision).toBe(3);
  });

  it('saves unsaved work first, so the import names the revision that holds it', async () => {
    await open({
      [`PUT flows/${F}`]: ({ body }) => ({
        body: { data: { ...flow(F), ...(body as object), revision: 4 } },
      }),
      [`POST flows/${F}/import`]: () => ({
        body: {
          data: flow(F, { revision: 5, nodes: [node('q', 'textNode')], edges: [] }),
          report: { ...REPORT, brokenLinks: [{ edgeId: 'e1', code: 'TYPE', reason: 'types differ' }] },
        },
      }),
    });
    placeNode('imageNode', { x: 500, y: 300 });
    expect(editor.pending).toBeGreaterThan(0);
    await pick(lessonFile());
    await waitFor(() => expect(surfaces.toast?.type).toBe('Success'));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['PUT', 'POST']);
    expect(imports()[0].headers?.['If-Match']).toBe('4');
    expect(surfaces.toast?.message).toContain(
      '1 link does not fit the link rules and is marked on the canvas.',
    );
    // The placed block was saved (revision 4) and sits one undo below the imported blocks.
    undo();
    expect(graph.get().nodes).toHaveLength(4);
  });
});
