import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import JournalTab from '../../src/features/reports/components/JournalTab';
import { configureApi } from '../../src/shared/api/http';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';
import { formatDateTime } from '../../src/shared/domain/dates';
import { CACHE_HEADER, SAVED_AT_HEADER } from '../../src/shared/outbox/protocol';
import { noteSavedCopy } from '../../src/ui/saved-copies';

const ID = 'a'.repeat(24);
const SAVED = '2026-11-24T08:15:00.000Z';

/** Answers as the service worker gives them: from its cache (stale, with the saved time) or fresh. */
function serve(stale: boolean) {
  vi.stubGlobal('fetch', async () => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (stale) Object.assign(headers, { [CACHE_HEADER]: 'stale', [SAVED_AT_HEADER]: SAVED });
    return new Response(JSON.stringify({ journals: [] }), { status: 200, headers });
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
});
