import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardTab from '../../src/features/reports/components/DashboardTab';
import { configureApi } from '../../src/shared/api/http';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';

const ANSWERED = 'http://adlnet.gov/expapi/verbs/answered';
const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';
const statement = (id: string, verb: string) => ({
  id,
  timestamp: '2026-11-21T10:00:00Z',
  actor: { name: 'Ann Lee', mbox: 'mailto:ann@x.test' },
  verb: { id: verb },
  object: { id: 'https://a.test/q1' },
});

/** The store holds 5 answered and 2 completed statements; the dashboard got the newest 3 of them. */
const DASHBOARD = {
  totalStatements: 7,
  activeParticipants: 1,
  sessionCompletion: 0,
  verbs: [
    { id: ANSWERED, name: 'answered', count: 5 },
    { id: COMPLETED, name: 'completed', count: 2 },
  ],
  statements: [statement('s1', COMPLETED), statement('s2', COMPLETED), statement('s3', ANSWERED)],
  matching: 7,
};

afterEach(() => vi.unstubAllGlobals());

describe('[REPORTS] dashboard with more statements stored than it shows', () => {
  it('says how many of them the table holds, per verb, and nothing when it holds them all', async () => {
    configureApi({ isOnline: () => true });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('lrs-dashboard')
        ? { dashboardData: DASHBOARD }
        : url.includes('line-chart')
          ? { graph: [] }
          : { topActivities: [] };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    render(<DashboardTab assignment={{ _id: 'd'.repeat(24) } as TAssignmentDetail} orgCode="o" />);
    fireEvent.click(screen.getByRole('button', { name: 'Get Dashboard Data' }));
    await waitFor(() =>
      expect(screen.getByTestId('statements-partial').textContent).toBe(
        'Showing the newest 3 of 7: the table and the CSV export hold these.',
      ),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'answered (5)' }));
    expect(screen.getByTestId('statements-partial').textContent).toContain('newest 1 of 5');
    fireEvent.click(screen.getByRole('tab', { name: 'completed (2)' }));
    expect(screen.queryByTestId('statements-partial')).toBeNull();
  });
});
