import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollaborativeJournals } from '../../src/features/reports/components/CollaborativeJournals';
import { configureApi } from '../../src/shared/api/http';
import type { TCollaborativeJournal } from '../../src/shared/contract/reports-routes';

const ID = 'b'.repeat(24);
const person = (n: number) => ({ name: `Pupil ${n}`, email: `p${n}@school.test`, profileImg: null });
const journal = (n: number, people: number, content = `# Group ${n}\n\nWe **planted** beans.`) =>
  ({
    journalId: n.toString(16).padStart(24, '0'),
    name: `Group ${n}`,
    type: 'journalNode',
    latestUpdated: '2026-11-24T08:15:00.000Z',
    collaborators: Array.from({ length: people }, (_, i) => person(i + 1)),
    members: [],
    content,
  }) satisfies TCollaborativeJournal;

/** The API as the server answers it: the report list, and each journal by id. */
function serve(journals: TCollaborativeJournal[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    const one = journals.find((j) => url.includes(`journal/${j.journalId}`));
    const body = one
      ? {
          data: {
            _id: one.journalId,
            name: one.name,
            content: one.content,
            refId: null,
            thumbnail: null,
            paragraph: '',
            isArchive: false,
            type: one.type,
            assignmentId: ID,
            flowId: null,
            userId: null,
            collaborative: true,
            createdAt: one.latestUpdated,
            updatedAt: one.latestUpdated,
            members: [],
          },
        }
      : { journals };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('[REPORTS] collaborative journal reports', () => {
  it('lists 10 a page with three page numbers, avatars with +N, and Export CSV enabled', async () => {
    configureApi({ isOnline: () => true });
    serve(Array.from({ length: 23 }, (_, i) => journal(i + 1, i === 0 ? 7 : 2)));
    render(<CollaborativeJournals assignmentId={ID} />);
    const section = await screen.findByTestId('collaborative-report');
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(11)); // header + 10
    const first = within(section).getAllByRole('row')[1];
    expect(first.textContent).toContain('Group 1');
    // Seven people: five avatars drawn (the 4th and 5th only on extra large screens), then +4 / +2.
    expect(first.querySelectorAll('.report-avatar')).toHaveLength(5);
    expect(first.querySelector('.avatar-stack__more--small')?.textContent).toBe('+4');
    expect(first.querySelector('.avatar-stack__more--xl')?.textContent).toBe('+2');
    const pager = within(section).getByRole('navigation');
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', '1', '2', '3', 'Next']);
    fireEvent.click(within(pager).getByRole('button', { name: '3' }));
    expect(within(section).getAllByRole('row')).toHaveLength(4); // header + 21..23
    expect(within(section).getAllByRole('row')[1].textContent).toContain('Group 21');
    expect(within(pager).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false);
  });

  it('opens a journal full screen with its people and sanitised markdown; an empty one shows Journal is Empty', async () => {
    configureApi({ isOnline: () => true });
    serve([journal(1, 2, 'Hi <img src=x onerror="alert(1)"> **bold**'), journal(2, 1, 'Journal is Empty')]);
    render(<CollaborativeJournals assignmentId={ID} />);
    await screen.findByText('Group 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'View' })[0]);
    const dialog = await screen.findByTestId('collaborative-dialog');
    await waitFor(() => expect(dialog.querySelector('strong')?.textContent).toBe('bold'));
    expect(dialog.querySelector('.journal-content img')).toBeNull(); // raw HTML stays text
    expect(dialog.textContent).toContain('p1@school.test');
    expect(dialog.textContent).toContain('p2@school.test');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('collaborative-dialog')).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: 'View' })[1]);
    const empty = await screen.findByTestId('collaborative-dialog');
    await waitFor(() =>
      expect(within(empty).getByTestId('report-empty').textContent).toContain('Journal is Empty'),
    );
  });

  it('says there are none, with Export CSV disabled', async () => {
    configureApi({ isOnline: () => true });
    serve([]);
    render(<CollaborativeJournals assignmentId={ID} />);
    expect(await screen.findByText('Currently, there are no Collaborative Journal Reports.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});
