import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAssignments } from '../../src/features/assignments/assignments.store';
import { configureApi } from '../../src/shared/api/http';
import { formatDateTime } from '../../src/shared/domain/dates';
import { CACHE_HEADER, SAVED_AT_HEADER } from '../../src/shared/outbox/protocol';
import { connection } from '../../src/ui/connection';
import { noteSavedCopy } from '../../src/ui/saved-copies';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

const SAVED = '2026-11-27T16:40:00.000Z';
const item = (i: number) => ({
  id: `a${i}`,
  _id: `a${i}`,
  name: `Week ${i}`,
  code: `CODE${i}`,
  status: 'running',
  participants: i,
  tools: 2,
  iconUrl: null,
  type: 'single',
  description: '',
  isLocked: false,
  updatedAt: '2026-03-01T10:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

describe('[ASSIGNMENTS] the list after an offline save', () => {
  it('leaves "could not be loaded" by itself once the connection is back, with no tap', async () => {
    setSpace({ orgId: 'eeeeeeeeeeeeeeeeeeeeeeee', orgCode: 'school' });
    let reachable = false;
    stubApi({
      'GET assignment': () =>
        reachable ? { body: { data: [item(1), item(2)] } } : { status: 503, body: {} },
    });
    connection.online = false;
    const { default: AssignmentListPage } = await import(
      '../../src/features/assignments/components/AssignmentListPage'
    );
    render(<AssignmentListPage />);
    await screen.findByText('The assignments could not be loaded.');

    reachable = true;
    act(() => {
      connection.online = true;
    });
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(2));
    expect(screen.queryByText('The assignments could not be loaded.')).toBeNull();
  });

  it('shows the service worker’s saved copy with its time, and drops the note once a fresh list comes', async () => {
    setSpace({ orgId: 'eeeeeeeeeeeeeeeeeeeeeeee', orgCode: 'school' });
    configureApi({ onStale: (path, savedAt) => noteSavedCopy(path, savedAt), isOnline: () => true });
    let stale = true;
    vi.stubGlobal('fetch', async () => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (stale) Object.assign(headers, { [CACHE_HEADER]: 'stale', [SAVED_AT_HEADER]: SAVED });
      return new Response(JSON.stringify({ data: [item(1), item(2), item(3)] }), { status: 200, headers });
    });
    const { default: AssignmentListPage } = await import(
      '../../src/features/assignments/components/AssignmentListPage'
    );
    const view = render(<AssignmentListPage />);
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(3));
    expect(screen.getByTestId('saved-copy').textContent).toBe(
      `Saved copy from ${formatDateTime(SAVED)} — may be out of date`,
    );

    stale = false;
    await act(() => loadAssignments());
    expect(screen.queryByTestId('saved-copy')).toBeNull();

    // The server cannot be reached now: the rows stay, dated from when they were loaded.
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    await act(() => loadAssignments());
    expect(screen.getAllByTestId('assignment-row')).toHaveLength(3);
    expect(screen.getByTestId('saved-copy').textContent).toContain('Saved copy from');
    view.unmount();
  });
});
