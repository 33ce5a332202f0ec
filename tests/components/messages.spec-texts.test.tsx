import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import AssignmentDetailPage from '../../src/features/assignments/components/detail/AssignmentDetailPage';
import TasksPage from '../../src/features/automation/components/TasksPage';
import { FlowList } from '../../src/features/collections/components/FlowList';
import DashboardTab from '../../src/features/reports/components/DashboardTab';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';
import { setSpace } from '../../src/ui/space';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { fullFlow, P1, summary } from './collections.fixtures';
import { stubApi } from './stub-api';

/** Messages the spec names, shown where it says (docs/design/messages.md). */

const ID = 'e'.repeat(24);
const dashboard = (total: number) => ({
  totalStatements: total,
  activeParticipants: total ? 1 : 0,
  sessionCompletion: 0,
  verbs: total ? [{ id: 'http://adlnet.gov/expapi/verbs/answered', name: 'answered', count: total }] : [],
  statements: [],
  matching: total,
});

function task(n: number) {
  const id = n.toString(16).padStart(24, '0');
  return {
    _id: id,
    taskId: id,
    name: `Task ${n}`,
    description: '',
    iconUrl: null,
    status: 'live',
    flowId: 'f'.repeat(24),
    flowName: 'Flow',
    orgId: null,
    ownerId: 'u',
    unitUsageOption: 'PAY_BY_API_KEY',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
}

beforeEach(() => setSpace({ orgId: 'personal', orgCode: 'personal' }));
afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('[MESSAGES] the empty LRS dashboard (spec 02 §8)', () => {
  for (const [total, shown] of [
    [0, true],
    [3, false],
  ] as const) {
    it(`${total} statements: "No Records found for this assignment." ${shown ? 'shows' : 'does not show'}`, async () => {
      // Each case its own assignment: the transport keeps answers by path.
      const aid = String(total).repeat(24);
      stubApi({
        [`GET assignment/${aid}/lrs-dashboard`]: () => ({ body: { dashboardData: dashboard(total) } }),
        [`GET assignment/${aid}/line-chart`]: () => ({ body: { graph: [] } }),
        [`GET assignment/${aid}/top-activities`]: () => ({ body: { topActivities: [] } }),
      });
      render(<DashboardTab assignment={{ _id: aid } as TAssignmentDetail} orgCode="o" />);
      fireEvent.click(screen.getByRole('button', { name: 'Get Dashboard Data' }));
      // Fetched: either the report or its empty state is drawn.
      await waitFor(() =>
        expect(screen.queryByTestId('kpis') ?? screen.queryByTestId('report-empty')).not.toBeNull(),
      );
      expect(screen.queryByText('No Records found for this assignment.') !== null).toBe(shown);
      expect(screen.queryByTestId('kpis') !== null).toBe(!shown);
    });
  }
});

describe('[MESSAGES] automation list: a failed Load more (spec 03 §8)', () => {
  it('says "Load more error" and keeps the first page on screen', async () => {
    let fail = false;
    const calls = stubApi({
      'GET tasks': (call) => {
        if (fail) return { status: 500, body: { message: 'down' } };
        const limit = Number(new URL(call.path, 'http://x').searchParams.get('limit'));
        return { body: { tasks: Array.from({ length: limit }, (_, i) => task(i + 1)), total: 45 } };
      },
    });
    const { hook } = memoryLocation({ path: '/personal/automation' });
    render(
      <Router hook={hook}>
        <TasksPage />
      </Router>,
    );
    expect(await screen.findAllByTestId('task-row')).toHaveLength(20);
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({
        type: 'Error',
        title: 'Load more error',
        message: 'Unable to fetch items',
      }),
    );
    expect(screen.getAllByTestId('task-row')).toHaveLength(20);
    expect(calls.filter((c) => c.path.startsWith('tasks')).length).toBe(2);
  });

  it('a failed first load keeps the title "Fetch automation error"', async () => {
    stubApi({ 'GET tasks': () => ({ status: 500, body: { message: 'down' } }) });
    const { hook } = memoryLocation({ path: '/personal/automation' });
    render(
      <Router hook={hook}>
        <TasksPage />
      </Router>,
    );
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({ type: 'Error', title: 'Fetch automation error' }),
    );
  });
});

describe('[MESSAGES] the assignment page whose detail fails to load (spec 02 §8)', () => {
  it('says "Failed to get Assignment Info" under "Unable to load assignment details page"', async () => {
    const calls = stubApi({ [`GET assignment/${ID}`]: () => ({ status: 500, body: { message: 'down' } }) });
    const { hook } = memoryLocation({ path: `/personal/assignment/${ID}` });
    render(
      <Router hook={hook}>
        <Route path="/:orgCode/assignment/:assignmentId" component={AssignmentDetailPage} />
      </Router>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load assignment details page');
    expect(alert.textContent).toContain('Failed to get Assignment Info');
    expect(calls.some((c) => c.path === `assignment/${ID}`)).toBe(true);
  });
});

describe('[MESSAGES] a new flow in a collection (spec 03 §8)', () => {
  it('shows the success toast "New file has been successfully created" once the server made it', async () => {
    const made = summary('Untitled');
    stubApi({
      [`GET projects/${P1}/flows`]: () => ({ body: { data: [] } }),
      'POST flows': () => ({ status: 201, body: { data: fullFlow(made), message: 'Flow created' } }),
    });
    render(<FlowList projectId={P1} />);
    fireEvent.click((await screen.findAllByRole('button', { name: /New flow/ }))[0]);
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({
        type: 'Success',
        message: 'New file has been successfully created',
      }),
    );
  });

  it('a refused create shows no success toast', async () => {
    const calls = stubApi({
      [`GET projects/${P1}/flows`]: () => ({ body: { data: [] } }),
      'POST flows': () => ({ status: 400, body: { message: 'name: too long' } }),
    });
    render(<FlowList projectId={P1} />);
    fireEvent.click((await screen.findAllByRole('button', { name: /New flow/ }))[0]);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'flows')).toBe(true));
    // Let the refused answer settle, then: no success claimed.
    await new Promise((r) => setTimeout(r, 50));
    expect(surfaces.toast?.type).not.toBe('Success');
  });
});
