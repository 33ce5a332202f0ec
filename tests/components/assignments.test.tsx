import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CodeAvailability,
  JoinCodeField,
} from '../../src/features/assignments/components/detail/JoinCodeField';
import { qrWidth } from '../../src/features/assignments/components/detail/qr';
import { ParticipantMatrix } from '../../src/features/assignments/components/tabs/ParticipantMatrix';
import {
  canLeaveFlows,
  endDateIso,
  splitEndDate,
  typeFor,
  type WizardState,
  wizardProblems,
} from '../../src/features/assignments/wizard-rules';
import type { TParticipant } from '../../src/shared/contract/assignments';
import { stubApi } from './collections.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ready: WizardState = {
  flowIds: ['f1'],
  name: 'Fractions',
  description: '',
  type: 'single',
  payment: 'PAY_BY_ME',
  endDate: '',
  endTime: '23:59',
};

describe('[ASSIGNMENTS] wizard rules (spec 02 §5)', () => {
  it('proceeds only with a flow, a name, a time and a payment option', () => {
    expect(wizardProblems(ready)).toEqual([]);
    expect(canLeaveFlows({ flowIds: [] })).toBe(false);
    expect(wizardProblems({ ...ready, flowIds: [] })).toEqual(['noFlows']);
    expect(wizardProblems({ ...ready, name: '   ' })).toEqual(['noName']);
    expect(wizardProblems({ ...ready, endTime: '' })).toEqual(['noTime']);
    expect(wizardProblems({ ...ready, endTime: '24:10' })).toEqual(['noTime']);
    expect(wizardProblems({ ...ready, payment: '' })).toEqual(['noPayment']);
  });

  it('builds the end date from a date and an HH:MM time, refuses an end in the past', () => {
    const iso = endDateIso('2031-05-04', '08:30');
    expect(iso).not.toBeNull();
    expect(new Date(iso ?? '').getHours()).toBe(8);
    expect(splitEndDate(iso)).toEqual({ endDate: '2031-05-04', endTime: '08:30' });
    expect(endDateIso('', '08:30')).toBeNull();
    expect(splitEndDate(null)).toEqual({ endDate: '', endTime: '23:59' });
    const now = new Date('2031-05-04T09:00:00');
    expect(wizardProblems({ ...ready, endDate: '2031-05-04', endTime: '08:30' }, now)).toEqual(['endInPast']);
    expect(wizardProblems({ ...ready, endDate: '2031-05-04', endTime: '09:30' }, now)).toEqual([]);
    expect([typeFor(1), typeFor(2)]).toEqual(['single', 'Multi']);
  });

  it('draws the QR code 300 px wide, 250 on screens up to 500 px', () => {
    expect([qrWidth(1024), qrWidth(501), qrWidth(500), qrWidth(390)]).toEqual([300, 300, 250, 250]);
  });
});

function CodeHarness(props: { onState: (s: CodeAvailability) => void }) {
  const [code, setCode] = useState('ABC');
  return (
    <JoinCodeField
      current="ABC"
      value={code}
      onChange={(next, state) => {
        setCode(next);
        props.onState(state);
      }}
    />
  );
}

describe('[ASSIGNMENTS] join-code field', () => {
  it('strips what is not a letter or digit and says so', () => {
    stubApi({});
    render(<CodeHarness onState={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Join code' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Ma th-7!' } });
    expect(input.value).toBe('Math7');
    expect(screen.getByText('Only alphanumeric characters are allowed.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Math7B' } });
    expect(screen.queryByText('Only alphanumeric characters are allowed.')).toBeNull();
  });

  it('checks nothing under 3 characters, then says available or not available', async () => {
    const calls = stubApi({
      'GET assignment/check-code/FREE1': () => ({ body: { isUnique: true } }),
      'GET assignment/check-code/TAKEN': () => ({ body: { isUnique: false } }),
    });
    const states: CodeAvailability[] = [];
    render(<CodeHarness onState={(s) => states.push(s)} />);
    const input = screen.getByRole('textbox', { name: 'Join code' });
    fireEvent.change(input, { target: { value: 'AB' } });
    expect(screen.getByText('At least 3 characters.')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(calls).toHaveLength(0);
    expect(states.at(-1)).toBeNull();

    fireEvent.change(input, { target: { value: 'FREE1' } });
    expect(await screen.findByText('This Join Code is available!')).toBeTruthy();
    expect(states).toContain('checking');
    expect(states.at(-1)).toBe('available');
    fireEvent.change(input, { target: { value: 'TAKEN' } });
    expect(await screen.findByText('This code is not available.')).toBeTruthy();
    expect(states.at(-1)).toBe('unavailable');
    expect(calls.map((c) => c.path)).toEqual(['assignment/check-code/FREE1', 'assignment/check-code/TAKEN']);
  });
});

const person = (id: string, name: string, counts: number[]): TParticipant => ({
  id,
  _id: id,
  fullname: name,
  email: name ? `${name.toLowerCase()}@school.test` : '',
  profileImg: null,
  viewOutput: true,
  joinedAt: '2026-03-01T10:00:00.000Z',
  flows: counts.map((n, i) => ({ id: `f${i}`, name: `Flow ${i}`, interactions: n, iconUrl: null })),
});

describe('[ASSIGNMENTS] participant matrix', () => {
  const flows = [
    { _id: 'f0', name: 'Flow 0' },
    { _id: 'f1', name: 'Flow 1' },
    { _id: 'f2', name: 'Flow 2' },
    { _id: 'f3', name: 'Flow 3' },
  ];
  const people = [person('p1', 'Ana', [0, 39, 40, 70]), person('p2', '', [1000, 69, 0, 5])];

  it('shows one row per participant and colours counts by the 40/70 bands', () => {
    render(
      <ParticipantMatrix
        participants={people}
        flows={flows}
        removing={false}
        selected={[]}
        onSelect={() => {}}
      />,
    );
    const rows = screen.getAllByTestId('participant-row');
    expect(rows).toHaveLength(2);
    const tones = (row: HTMLElement) =>
      within(row)
        .getAllByTestId('interaction-badge')
        .map((b) => `${b.textContent}:${b.className.replace('interaction interaction--', '')}`);
    expect(tones(rows[0])).toEqual(['0:neutral', '39:red', '40:yellow', '70:green']);
    expect(tones(rows[1])).toEqual(['999+:green', '69:yellow', '0:neutral', '5:red']);
    // Neither a name nor an e-mail: 'Unknown User'.
    expect(within(rows[1]).getByText('Unknown User')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('scrolls 200 px per button and selects all in remove mode', () => {
    const onSelect = vi.fn();
    const { rerender } = render(
      <ParticipantMatrix participants={people} flows={flows} removing selected={[]} onSelect={onSelect} />,
    );
    const scroller = screen.getByTestId('matrix-scroller');
    const scrollBy = vi.fn();
    scroller.scrollBy = scrollBy as unknown as typeof scroller.scrollBy;
    fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Scroll left' }));
    expect(scrollBy.mock.calls.map((c) => c[0].left)).toEqual([200, -200]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all participants' }));
    expect(onSelect).toHaveBeenLastCalledWith(['p1', 'p2']);
    rerender(
      <ParticipantMatrix
        participants={people}
        flows={flows}
        removing
        selected={['p1', 'p2']}
        onSelect={onSelect}
      />,
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Select all participants' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all participants' }));
    expect(onSelect).toHaveBeenLastCalledWith([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana' }));
    expect(onSelect).toHaveBeenLastCalledWith(['p2']);
  });
});

describe('[ASSIGNMENTS] remove mode of the participants tab', () => {
  it('keeps Remove disabled until someone is selected', async () => {
    const { default: ParticipantsTab } = await import(
      '../../src/features/assignments/components/tabs/ParticipantsTab'
    );
    stubApi({
      'GET assignment/a1/participants': () => ({
        body: { data: [person('p1', 'Ana', [3])], flows: [{ _id: 'f0', name: 'Flow 0', iconUrl: null }] },
      }),
      'GET assignment/a1/co-owners': () => ({
        body: { coOwners: [], owner: { _id: 'o', email: 'o@x.test', fullname: '' } },
      }),
    });
    const assignment = { _id: 'a1' } as Parameters<typeof ParticipantsTab>[0]['assignment'];
    render(<ParticipantsTab assignment={assignment} orgCode="personal" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Participants' }));
    const remove = screen.getByRole('button', { name: 'Remove 0 participants' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ana' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Remove 1 participant' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });
});

const listItem = (i: number) => ({
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

describe('[ASSIGNMENTS] list page', () => {
  it('asks for 20 more with See More and hides it once fewer come back; tabs send the status lower-cased', async () => {
    const calls = stubApi({
      'GET assignment': (call) => {
        const q = new URLSearchParams(call.path.split('?')[1]);
        const limit = Number(q.get('limit'));
        const total = q.get('status') ? 3 : 25;
        return { body: { data: Array.from({ length: Math.min(limit, total) }, (_, i) => listItem(i)) } };
      },
    });
    const { default: AssignmentListPage } = await import(
      '../../src/features/assignments/components/AssignmentListPage'
    );
    render(<AssignmentListPage />);
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'See More' }));
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'See More' })).toBeNull();
    expect(calls.map((c) => new URLSearchParams(c.path.split('?')[1]).get('limit'))).toEqual(['20', '40']);

    fireEvent.click(screen.getByRole('tab', { name: 'Running' }));
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(3));
    expect(calls.at(-1)?.path).toContain('status=running');
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('assignment-row')).toHaveLength(20));
    expect(calls.at(-1)?.path).not.toContain('status');
  });

  it('waits 500 ms after typing before it searches, and the clear button searches at once', async () => {
    const calls = stubApi({ 'GET assignment': () => ({ body: { data: [listItem(1)] } }) });
    const { default: AssignmentListPage } = await import(
      '../../src/features/assignments/components/AssignmentListPage'
    );
    render(<AssignmentListPage />);
    await screen.findAllByTestId('assignment-row');
    const before = calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), {
      target: { value: 'frac' },
    });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(calls.length).toBe(before);
    await waitFor(() => expect(calls.length).toBe(before + 1), { timeout: 1500 });
    expect(calls.at(-1)?.path).toContain('keyword=frac');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls.length).toBe(before + 2));
    expect(calls.at(-1)?.path).not.toContain('keyword');
  });
});
