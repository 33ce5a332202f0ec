import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pageWindow } from '../../src/features/reports/components/CollaborativeJournals';
import { CsvColumnPicker } from '../../src/features/reports/components/CsvExportDialog';
import { ExportButton } from '../../src/features/reports/components/common';
import { LIVE_REFRESH_MS, useLive } from '../../src/features/reports/components/DashboardTab';
import { JournalTable } from '../../src/features/reports/components/JournalTab';
import { MasteryTable } from '../../src/features/reports/components/MasteryTab';
import { ActivityRow } from '../../src/features/reports/components/OverviewTab';
import { StatementsTable } from '../../src/features/reports/components/StatementsTable';
import { XapiTable } from '../../src/features/reports/components/SubmissionReportTab';
import { agoText, toRows } from '../../src/features/reports/dashboard-rows';
import {
  DEFAULT_STATEMENT_COLUMNS,
  masteryCsv,
  STATEMENT_COLUMNS,
  type StatementColumn,
  statementsCsv,
} from '../../src/features/reports/report-csv';
import type { TJournalReportItem, TReportObject } from '../../src/shared/contract/reports-routes';
import { parseCsv } from '../../src/shared/domain/csv';

const user = (name: string, over: Record<string, unknown> = {}) => ({
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

const OBJECTS: TReportObject[] = [
  {
    id: 'q1',
    name: 'Question 1',
    verbs: [
      {
        id: 'answered',
        name: 'answered',
        participants: { count: 2, total: 3 },
        users: [
          user('Ann', {
            ticked: true,
            score: { raw: 4, min: 0, max: 6 },
            evidence: 'My "best" answer',
            timestamp: '2026-11-21T10:00:00Z',
            evidenceHistories: [
              {
                evidence: 'My "best" answer',
                score: { raw: 4, min: 0, max: 6 },
                timestamp: '2026-11-21T10:00:00Z',
              },
              { evidence: 'first go', score: { raw: 1, min: 0, max: 6 }, timestamp: '2026-11-20T10:00:00Z' },
            ],
          }),
          user('Bob', { ticked: true, score: { raw: 3, min: 0, max: 6 } }),
          user('Cat', { ticked: false }),
        ],
      },
      {
        id: 'completed',
        name: 'completed',
        participants: { count: 1, total: 3 },
        users: [user('Ann', { ticked: true }), user('Bob'), user('Cat')],
      },
    ],
  },
];

describe('[REPORTS] submission report (xAPI table)', () => {
  it('shows done/total per column, ticks, raw / max coloured by the threshold, and the evidence popover', () => {
    render(<XapiTable objects={OBJECTS} />);
    const table = screen.getByTestId('xapi-table');
    expect(within(table).getByText('2/3 done')).toBeTruthy();
    expect(within(table).getByText('1/3 done')).toBeTruthy();
    expect(within(table).getByText('3 / 6').className).toContain('report-score--warning');
    expect(within(table).getByText('4 / 6').className).toContain('report-score--good');
    expect(within(table).getAllByLabelText('✓')).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: /best/ }));
    const pop = screen.getByTestId('evidence-popover');
    expect(within(pop).getByText('Latest record')).toBeTruthy();
    expect(within(pop).getAllByRole('listitem')).toHaveLength(2);
    expect(within(pop).getByText('first go')).toBeTruthy();
  });

  it('the mastery table and report_info.csv have four columns per object and verb with TRUE/FALSE', () => {
    render(<MasteryTable objects={OBJECTS} />);
    const rows = within(screen.getByTestId('mastery-table')).getAllByRole('row');
    expect(rows).toHaveLength(5); // two header rows + three people
    expect(within(rows[2]).getAllByText('TRUE')).toHaveLength(2);
    const csv = parseCsv(masteryCsv(OBJECTS, 'Participants'));
    expect(csv[0]).toHaveLength(1 + 2 * 4);
    expect(csv[0].slice(1, 5)).toEqual([
      'Question 1 - answered - Record',
      'Question 1 - answered - Raw Score',
      'Question 1 - answered - Max Score',
      'Question 1 - answered - Evidence',
    ]);
    expect(csv[1]).toEqual(['Ann', 'TRUE', '4', '6', 'My "best" answer', 'TRUE', '', '', '']);
    expect(csv[3][1]).toBe('FALSE');
  });

  it('Export CSV is disabled and dimmed when there is nothing to export', () => {
    render(<ExportButton empty file="report_info.csv" build={() => ''} />);
    const button = screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.className).toContain('report-export--empty');
  });
});

describe('[REPORTS] relative time and latest activities', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ago = (seconds: number) =>
    agoText(new Date(now.getTime() - seconds * 1000).toISOString(), 'en-GB', now);
  it('uses seconds, minutes, hours, days under 30, 30-day months and 360-day years', () => {
    expect(ago(59)).toBe('59 seconds ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(29 * 86400)).toBe('29 days ago');
    expect(ago(30 * 86400)).toBe('1 month ago');
    expect(ago(359 * 86400)).toBe('11 months ago');
    expect(ago(360 * 86400)).toBe('1 year ago');
    expect(agoText(now.toISOString(), 'th-TH', now)).toMatch(/วินาที/);
  });

  it('a flow row caps its count at 999+, shows 3 records then View All / View Less', () => {
    const records = Array.from({ length: 5 }, (_, i) => ({
      actor: `Learner ${i}`,
      verb: 'answered',
      object: 'Q',
      timestamp: new Date(now.getTime() - (i + 1) * 60_000).toISOString(),
    }));
    render(
      <ul>
        <ActivityRow
          item={{
            flow: { _id: 'f', name: 'Fractions', iconUrl: null },
            records,
            totalCost: '0',
            totalRecords: 1000,
          }}
          now={now}
        />
      </ul>,
    );
    expect(screen.getByTestId('activity-total').textContent).toBe('999+');
    fireEvent.click(screen.getByRole('button', { name: /Fractions/ }));
    expect(screen.getAllByText(/Learner \d/)).toHaveLength(3);
    expect(screen.getByText('1 minute ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View All' }));
    expect(screen.getAllByText(/Learner \d/)).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'View Less' }));
    expect(screen.getAllByText(/Learner \d/)).toHaveLength(3);
  });
});

describe('[REPORTS] journals', () => {
  it('cells show a thumbnail or paragraph with Latest Updated, or No Data yet; the knowledge-bot icon', () => {
    const journals: TJournalReportItem[] = [
      {
        name: 'Week 2',
        type: 'knowledgeBotNode',
        participants: { count: 1, total: 2 },
        users: [
          {
            name: 'Ann',
            email: 'ann@x.test',
            profileImg: null,
            hasJournal: true,
            journalData: {
              journalId: 'j1',
              thumbnail: null,
              paragraph: 'Roots drink water',
              latestUpdated: '2026-11-21T10:00:00Z',
              createdBy: 'Ann',
              content:
                '# Roots\n\nRoots **drink** water <img src=x onerror=alert(1)>\n\n[bad](javascript:alert(1))',
            },
          },
          { name: 'Bob', email: 'bob@x.test', profileImg: null, hasJournal: false, journalData: null },
        ],
      },
    ];
    render(<JournalTable journals={journals} />);
    expect(screen.getByText('1/2')).toBeTruthy();
    expect(screen.getByLabelText('Knowledge bot')).toBeTruthy();
    expect(screen.getByText('No Data yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Roots drink water/ }));
    const popover = screen.getByTestId('journal-popover');
    expect(within(popover).getByRole('heading', { name: 'Roots' })).toBeTruthy();
    expect(within(popover).getByText('drink').tagName).toBe('STRONG');
    expect(popover.querySelector('img')).toBeNull();
    expect(popover.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(popover.querySelector('a')).toBeNull();
  });

  it('collaborative pages show three page numbers at a time', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, '…']);
    expect(pageWindow(3, 5)).toEqual(['…', 2, 3, 4, '…']);
    expect(pageWindow(5, 5)).toEqual(['…', 3, 4, 5]);
  });
});

describe('[REPORTS] dashboard statements and CSV export', () => {
  const statements = [
    {
      id: 's1',
      timestamp: '2026-11-21T10:00:00Z',
      actor: { name: 'Ann Lee', mbox: 'mailto:ann@x.test' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
      object: { id: 'https://a.test/q1', definition: { name: { 'en-US': 'Quiz "one"' } } },
      result: { score: { raw: 4, max: 6 } },
      context: { extensions: { 'https://x.test/evidence': { description: 'said "yes"' } } },
    },
    {
      id: 's2',
      timestamp: '2026-11-20T10:00:00Z',
      actor: { name: 'Ann Lee', mbox: 'mailto:ann@x.test' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
      object: { id: 'https://a.test/q1', definition: { name: { 'en-US': 'Quiz "one"' } } },
    },
    {
      id: 's3',
      timestamp: '2026-11-22T10:00:00Z',
      actor: { name: '王小明', mbox: 'mailto:wang@x.test' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { id: 'https://a.test/q2' },
    },
  ];

  it('filters across columns, keeps the latest per user and activity, sorts, shows initials and a dash for no score', () => {
    render(<StatementsTable rows={toRows(statements)} />);
    const table = screen.getByTestId('statements-table');
    expect(table.getAttribute('data-rows')).toBe('3');
    expect(within(table).getAllByText('AL').length).toBeGreaterThan(0);
    expect(within(table).getByText('4/6')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Show latest statement per user per activity'));
    expect(table.getAttribute('data-rows')).toBe('2');
    fireEvent.change(screen.getByLabelText('Filter statements'), { target: { value: 'yes' } });
    expect(table.getAttribute('data-rows')).toBe('1');
    fireEvent.change(screen.getByLabelText('Filter statements'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /^User/ }));
    const firstRow = within(table).getAllByRole('row')[1];
    expect(firstRow.textContent).toContain('王小明');
    expect(firstRow.textContent).toContain('-');
  });

  it('the column picker starts with all but Email; Select all and Deselect all', () => {
    function Harness() {
      const [chosen, setChosen] = useState<StatementColumn[]>(DEFAULT_STATEMENT_COLUMNS);
      return (
        <>
          <CsvColumnPicker chosen={chosen} onChange={setChosen} />
          <output data-testid="chosen">{chosen.join(',')}</output>
        </>
      );
    }
    render(<Harness />);
    const chosen = () => screen.getByTestId('chosen').textContent;
    expect(chosen()).toBe('#,date,ago,user,activity,verb,score,evidence');
    expect((screen.getByLabelText('Email') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(chosen()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(chosen()).toBe(STATEMENT_COLUMNS.join(','));
    fireEvent.click(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByLabelText('Score'));
    fireEvent.click(screen.getByLabelText('Email'));
    expect(chosen()).toBe('#,date,ago,user,email,activity,verb,evidence');
  });

  it('lrs_statements.csv doubles embedded quotes and keeps the chosen columns in order', () => {
    const labels = Object.fromEntries(STATEMENT_COLUMNS.map((c) => [c, c.toUpperCase()])) as Record<
      StatementColumn,
      string
    >;
    const csv = statementsCsv(
      toRows(statements),
      ['user', 'email', 'activity', 'evidence', 'score'],
      labels,
      'en-GB',
    );
    expect(csv).toContain('"Quiz ""one"""');
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['USER', 'EMAIL', 'ACTIVITY', 'SCORE', 'EVIDENCE']);
    expect(rows[1]).toEqual(['Ann Lee', 'ann@x.test', 'Quiz "one"', '4/6', 'said "yes"']);
    expect(rows[3]).toEqual(['王小明', 'wang@x.test', 'https://a.test/q2', '-', '']);
  });
});

describe('[REPORTS] dashboard Live toggle', () => {
  it('refetches every 5 s while on and visible, stops while the page is hidden and when turned off', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    function Live({ on }: { on: boolean }) {
      useLive(on, refresh);
      return null;
    }
    const view = render(<Live on />);
    expect(LIVE_REFRESH_MS).toBe(5000);
    vi.advanceTimersByTime(15_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledTimes(4); // at once when visible again
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(5);
    view.rerender(<Live on={false} />);
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(5);
    vi.useRealTimers();
  });
});
