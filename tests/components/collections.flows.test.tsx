import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowList } from '../../src/features/collections/components/FlowList';
import { SortSelect } from '../../src/features/collections/components/SortSelect';
import { flowList } from '../../src/features/collections/flow-list.store';
import { SurfacesHost } from '../../src/ui/SurfacesHost';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { fullFlow, P1, stubApi, summary } from './collections.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
  surfaces.dialogs.splice(0);
  flowList.projectId = undefined;
});

const names = () =>
  screen.getAllByTestId('flow-row').map((r) => r.querySelector('.flow-row__title')?.textContent);

async function openMenu(flowName: string, item: string) {
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${flowName}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

function renderList(flows: ReturnType<typeof summary>[], routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ [`GET projects/${P1}/flows`]: () => ({ body: { data: flows } }), ...routes });
  render(
    <>
      <FlowList projectId={P1} />
      <SurfacesHost onPopupAction={() => {}} />
    </>,
  );
  return calls;
}

describe('[COLLECTIONS] flow list', () => {
  it('offers the sorts in the order Default, Latest Updated, Earliest Updated, A-Z, Z-A', () => {
    render(<SortSelect value="default" onChange={() => {}} />);
    const options = within(screen.getByLabelText('Sort by')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Default',
      'Latest Updated',
      'Earliest Updated',
      'A-Z',
      'Z-A',
    ]);
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'default',
      'ascending',
      'descending',
      'A-Z',
      'Z-A',
    ]);
  });

  it('asks the server for the chosen sort', async () => {
    const calls = renderList([summary('Alpha')]);
    await screen.findByText('Alpha');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'Z-A' } });
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`projects/${P1}/flows?sortBy=Z-A`));
  });

  it('renames inline: Enter saves with the revision, Escape cancels', async () => {
    const a = summary('Alpha', { revision: 4 });
    const calls = renderList([a], {
      [`PUT flows/${a._id}`]: ({ body }) => ({
        body: { data: { ...fullFlow(a), name: (body as { name: string }).name, revision: 5 } },
      }),
    });
    await screen.findByText('Alpha');

    await openMenu('Alpha', 'Rename');
    const input = screen.getByRole('textbox', { name: 'New name for Alpha' });
    fireEvent.change(input, { target: { value: 'Not saved' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'New name for Alpha' })).toBeNull();
    expect(names()).toEqual(['Alpha']);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await openMenu('Alpha', 'Rename');
    const again = screen.getByRole('textbox', { name: 'New name for Alpha' });
    fireEvent.change(again, { target: { value: 'Photosynthesis' } });
    await act(async () => fireEvent.keyDown(again, { key: 'Enter' }));
    await waitFor(() => expect(names()).toEqual(['Photosynthesis']));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Photosynthesis', revision: 4 });
  });

  it('puts a duplicate first in the list and says so', async () => {
    const a = summary('Alpha');
    const b = summary('Beta');
    const copy = summary('Beta (copy)');
    renderList([a, b], {
      [`POST flows/${b._id}/duplicate`]: () => ({
        status: 201,
        body: { data: fullFlow(copy), message: 'ok' },
      }),
    });
    await screen.findByText('Beta');
    await openMenu('Beta', 'Duplicate');
    await waitFor(() => expect(names()).toEqual(['Beta (copy)', 'Alpha', 'Beta']));
    expect(await screen.findByText('File duplicated successfully.')).toBeTruthy();
  });

  it('deletes a flow only after the confirmation, then the row leaves the list', async () => {
    const a = summary('Alpha');
    const b = summary('Beta');
    const calls = renderList([a, b], {
      [`DELETE flows/${a._id}`]: () => ({ body: { message: 'File deleted successfully.' } }),
    });
    await screen.findByText('Alpha');

    await openMenu('Alpha', 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(names()).toEqual(['Alpha', 'Beta']);

    await openMenu('Alpha', 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Beta']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`flows/${a._id}`]);
    expect(await screen.findByText('File deleted successfully.')).toBeTruthy();
  });
});
