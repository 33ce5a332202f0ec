import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNodeData } from '../../src/features/canvas/canvas.types';
import { NodeFields } from '../../src/features/canvas/components/NodeFields';
import { graph } from '../../src/features/canvas/store/canvas.store';
import { placeNode } from '../../src/features/canvas/store/edit.actions';
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

const dataOf = (id: string): TNodeData => graph.get().nodes.find((n) => n.id === id)?.data ?? {};

function panelOf(type: string) {
  const placed = placeNode(type, { x: 500, y: 500 });
  const spec = nodeSpec(type);
  if (!spec) throw new Error(type);
  render(<NodeFields id={placed.id} data={dataOf(placed.id)} spec={spec} />);
  return placed.id;
}

describe('[CANVAS] named settings of the blocks the server runs', () => {
  it('API Call keeps its address, method and headers as data, and shows the placeholders literally', async () => {
    const id = panelOf('apiCallNode');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Address (URL)'), {
        target: { value: 'https://api.example/{{city}}' },
      });
      fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'POST' } });
      fireEvent.change(screen.getByLabelText('Headers (JSON)'), {
        target: { value: '{"X-Key":"{{secret:KEY}}"}' },
      });
    });
    expect(dataOf(id)).toMatchObject({
      url: 'https://api.example/{{city}}',
      method: 'POST',
      headers: '{"X-Key":"{{secret:KEY}}"}',
    });
    expect(screen.getByText(/\{\{secret:NAME\}\} takes a secret/)).toBeTruthy();
  });

  it('PDF from Template shows its template and title; other blocks show none of these fields', () => {
    panelOf('pdfFromTemplateNode');
    expect(screen.getByLabelText('Template')).toBeTruthy();
    expect(screen.getByLabelText('Document title')).toBeTruthy();
    expect(screen.queryByLabelText('Address (URL)')).toBeNull();
  });

  it('PowerPoint keeps its slides and title; Google Drive Upload its folder, file name and question', async () => {
    const deck = panelOf('powerpointNode');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Slides'), { target: { value: '# Light\n- leaves' } });
      fireEvent.change(screen.getByLabelText('Document title'), { target: { value: 'Plants' } });
    });
    expect(dataOf(deck)).toMatchObject({ slides: '# Light\n- leaves', title: 'Plants' });
    expect(screen.getByText(/starts a new slide/)).toBeTruthy();

    const drive = panelOf('googleDriveUploadNode');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Drive folder ID'), { target: { value: 'folder-1234567' } });
      fireEvent.change(screen.getByLabelText('File name'), { target: { value: 'Essay' } });
      fireEvent.change(screen.getByLabelText('Question for the learner'), {
        target: { value: 'Your essay' },
      });
    });
    expect(dataOf(drive)).toMatchObject({
      folderId: 'folder-1234567',
      fileName: 'Essay',
      question: 'Your essay',
    });
  });
});
