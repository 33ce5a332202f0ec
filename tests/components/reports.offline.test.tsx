import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardTab from '../../src/features/reports/components/DashboardTab';
import JournalTab from '../../src/features/reports/components/JournalTab';
import { configureApi } from '../../src/shared/api/http';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';
import { formatDateTime } from '../../src/shared/domain/dates';
import { CACHE_HEADER, SAVED_AT_HEADER } from '../../src/shared/outbox/protocol';
import { noteSavedCopy } from '../../src/ui/saved-copies';

const ID = 'a'.repeat(24);
const SAVED = '2026-11-24T08:15:00.000Z';
const EMPTY_DASHBOARD = {
  totalStatements: 0,
  activeParticipants: 0,
  sessionCompletion: 0,
  verbs: [],
  statements: [],
  matching: 0,
};

/** Answers as the service worker gives them: from its cache (stale, with the saved time) or fresh. */
function serve(stale: boolean) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (stale) Object.assign(headers, { [CACHE_HEADER]: 'stale', [SAVED_AT_HEADER]: SAVED });
    const body = String(input).includes('lrs-dashboard')
      ? { dashboardData: EMPTY_DASHBOARD }
      : String(input).includes('line-chart')
        ? { graph: [] }
        : String(input).includes('top-activities')
          ? { topActivities: [] }
          : { journals: [] };
    return new Response(JSON.stringify(body), { status: 200, headers });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('[REPORTS] offline: saved copies with their time', () => {
  it('a report answered from the saved copy says so with the saved time; a fresh answer does not', async () => {
    // The app's wiring (app/api-client.ts): the transport notes each saved copy by its path.
    configureApi({ onStale: (path, savedAt) => noteSavedCopy(path, savedAt), isOnline: () => false });
    serve(true);
    const assignment = { _id: ID } as TAssignmentDetail;
    const view = render(<JournalTab assignment={assignment} orgCode="o" />);
    await waitFor(() => expect(screen.getAllByTestId('report-saved-copy')).toHaveLength(2));
    expect(screen.getAllByTestId('report-saved-copy')[0].textContent).toBe(
      `Saved copy from ${formatDateTime(SAVED)} — may be out of date`,
    );
    view.unmount();

    serve(false);
    // Back online, the same report asked again: the note of its saved copy goes.
    render(<JournalTab assignment={assignment} orgCode="o" />);
    await waitFor(() =>
      expect(screen.getByText('Currently, there are no available Journal Reports.')).toBeTruthy(),
    );
    expect(screen.queryByTestId('report-saved-copy')).toBeNull();
  });

  it('the dashboard fetched offline shows the saved copy note', async () => {
    configureApi({ onStale: (path, savedAt) => noteSavedCopy(path, savedAt), isOnline: () => false });
    serve(true);
    render(<DashboardTab assignment={{ _id: 'c'.repeat(24) } as TAssignmentDetail} orgCode="o" />);
    fireEvent.click(screen.getByRole('button', { name: 'Get Dashboard Data' }));
    await waitFor(() =>
      expect(screen.getByTestId('report-saved-copy').textContent).toContain(formatDateTime(SAVED)),
    );
  });
});
