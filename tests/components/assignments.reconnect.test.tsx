import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../../src/ui/connection';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

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

describe('[ASSIGNMENTS] the list after an offline save (issue 34 #11)', () => {
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
});
