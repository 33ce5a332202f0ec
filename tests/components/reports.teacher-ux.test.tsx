import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardCharts from '../../src/features/reports/components/DashboardCharts';
import DashboardTab from '../../src/features/reports/components/DashboardTab';
import { LIVE_KEY } from '../../src/features/reports/live-choice';
import { CSV_FILES, masteryCsv, submissionCsv } from '../../src/features/reports/report-csv';
import { configureApi } from '../../src/shared/api/http';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';
import type { TReportObject } from '../../src/shared/contract/reports-routes';
import { parseCsv } from '../../src/shared/domain/csv';

const person = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  email: `${name.toLowerCase()}@school.test`,
  profileImg: null,
  ticked: false,
  score: null,
  evidence: null,
  timestamp: null,
  evidenceHistories: [],
  ...over,
});
const OBJECTS = [
  {
    id: 'q1',
    name: 'Question 1',
    verbs: [
      {
        id: 'answered',
        name: 'answered',
        participants: { count: 2, total: 3 },
        users: [
          person('Ann', { ticked: true, score: { raw: 4, min: 0, max: 6 }, evidence: 'Plants make sugar' }),
          person('Bob', { ticked: true }),
          person('Cat'),
        ],
      },
    ],
  },
] as unknown as TReportObject[];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('[REPORTS] each tab exports its own table', () => {
  it('the Submission Report saves its own file: one column per object and verb, cells as shown', () => {
    expect(CSV_FILES.submission).not.toBe(CSV_FILES.mastery);
    const csv = submissionCsv(OBJECTS, 'Participants');
    expect(csv.split('\n')[0]).not.toBe(masteryCsv(OBJECTS, 'Participants').split('\n')[0]);
    expect(parseCsv(csv)).toEqual([
      ['Participants', 'Question 1 - answered'],
      ['Ann', '4 / 6 · Plants make sugar'],
      ['Bob', '✓'],
      ['Cat', ''],
    ]);
  });
});

describe('[REPORTS] dashboard', () => {
  it('the Top activities card says it lists the most active learners', () => {
    render(<DashboardCharts verbs={[]} graph={[]} top={[]} format={String} />);
    expect(screen.getByTestId('top-activities').textContent).toMatch(/Top activities.*most active learners/);
  });

  it('remembers Live, yet still opens on Get Dashboard Data', async () => {
    configureApi({ isOnline: () => true });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.includes('lrs-dashboard')
        ? {
            dashboardData: {
              totalStatements: 0,
              activeParticipants: 0,
              sessionCompletion: 0,
              verbs: [],
              statements: [],
              matching: 0,
            },
          }
        : url.includes('line-chart')
          ? { graph: [] }
          : { topActivities: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const a = { _id: 'c'.repeat(24) } as TAssignmentDetail;
    const first = render(<DashboardTab assignment={a} orgCode="o" />);
    fireEvent.click(screen.getByRole('button', { name: 'Get Dashboard Data' }));
    const live = await screen.findByRole('switch');
    expect((live as HTMLInputElement).checked).toBe(false);
    fireEvent.click(live);
    expect(localStorage.getItem(LIVE_KEY)).toBe('on');
    first.unmount();

    render(<DashboardTab assignment={a} orgCode="o" />);
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get Dashboard Data' }));
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true));
  });
});
