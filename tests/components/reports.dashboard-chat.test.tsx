import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardTab from '../../src/features/reports/components/DashboardTab';
import { configureApi } from '../../src/shared/api/http';
import type { TAssignmentDetail } from '../../src/shared/contract/assignments';

const ANSWERED = 'http://adlnet.gov/expapi/verbs/answered';
const ID = 'd'.repeat(24);
const DASHBOARD = {
  totalStatements: 1,
  activeParticipants: 1,
  sessionCompletion: 0,
  verbs: [{ id: ANSWERED, name: 'answered', count: 1 }],
  statements: [
    {
      id: 's1',
      timestamp: '2026-11-21T10:00:00Z',
      actor: { name: 'Ann Lee', mbox: 'mailto:ann@x.test' },
      verb: { id: ANSWERED },
      object: { id: 'https://a.test/q1' },
    },
  ],
  matching: 1,
};
const encoder = new TextEncoder();
const event = (data: unknown) => encoder.encode(`data: ${JSON.stringify(data)}\n\n`);

interface Asked {
  url: string;
  body: Record<string, unknown>;
}

/** The dashboard's reads, and the chat route answering with `answer` (a stream body of events). */
function stubServer(answer: (signal: AbortSignal) => ReadableStream<Uint8Array>, asked: Asked[]) {
  configureApi({ isOnline: () => true });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/lrs-dashboard/chat')) {
      asked.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(answer(init?.signal as AbortSignal), {
        headers: { 'Content-Type': 'text/event-stream' },
      });
    }
    const body = url.includes('lrs-dashboard')
      ? { dashboardData: DASHBOARD }
      : url.includes('line-chart')
        ? { graph: [] }
        : { topActivities: [] };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
}

async function openPanel() {
  render(<DashboardTab assignment={{ _id: ID } as TAssignmentDetail} orgCode="o" />);
  fireEvent.click(screen.getByRole('button', { name: 'Get Dashboard Data' }));
  const open = await screen.findByRole('button', { name: 'Ask AI about these statements' });
  fireEvent.click(screen.getByRole('tab', { name: 'answered (1)' }));
  open.focus();
  fireEvent.click(open);
  expect(open.getAttribute('aria-expanded')).toBe('true');
  const panel = screen.getByTestId('dashboard-chat');
  const box = within(panel).getByLabelText('Your question');
  expect(document.activeElement).toBe(box);
  return { panel, box };
}

afterEach(() => vi.unstubAllGlobals());

describe('[REPORTS] the dashboard chat panel', () => {
  it('asks with Enter about the verb on screen and streams the answer in, then its cost', async () => {
    const asked: Asked[] = [];
    stubServer(
      () =>
        new ReadableStream({
          start(c) {
            c.enqueue(event({ content: 'Ann Lee ' }));
            c.enqueue(event({ content: 'answered once.' }));
            c.enqueue(event({ done: true, cost: '0.0012', stopped: false, provider: 'openai' }));
            c.enqueue(encoder.encode('data: [DONE]\n\n'));
            c.close();
          },
        }),
      asked,
    );
    const { panel, box } = await openPanel();
    fireEvent.change(box, { target: { value: 'Who answered?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await within(panel).findByText('Ann Lee answered once.');
    expect(within(panel).getByText('Cost: 0.0012 credits')).toBeTruthy();
    expect(asked).toEqual([
      {
        url: expect.stringContaining(`assignment/${ID}/lrs-dashboard/chat`),
        body: { question: 'Who answered?', verb: ANSWERED },
      },
    ]);
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Escape closes the panel.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('dashboard-chat')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Ask AI about these statements' }),
    );
  });

  it('shows Stop while the answer streams, and stopping ends it', async () => {
    const asked: Asked[] = [];
    stubServer(
      (signal) =>
        new ReadableStream({
          start(c) {
            c.enqueue(event({ content: 'Partial' }));
            signal.addEventListener('abort', () => c.error(new DOMException('Aborted', 'AbortError')));
          },
        }),
      asked,
    );
    const { panel, box } = await openPanel();
    fireEvent.change(box, { target: { value: 'Summarise' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Ask' }));
    await within(panel).findByText('Partial');
    fireEvent.click(within(panel).getByRole('button', { name: 'Stop' }));
    await within(panel).findByText('Stopped: you are charged only for what was written.');
    expect(within(panel).getByRole('button', { name: 'Ask' })).toBeTruthy();
  });

  it('says the answer failed, with the server’s reason, when the stream reports an error', async () => {
    stubServer(
      () =>
        new ReadableStream({
          start(c) {
            c.enqueue(event({ error: { message: 'Not enough credits', errorCode: 'E_CREDITS' } }));
            c.enqueue(encoder.encode('data: [DONE]\n\n'));
            c.close();
          },
        }),
      [],
    );
    const { panel, box } = await openPanel();
    fireEvent.change(box, { target: { value: 'Summarise' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(within(panel).getByRole('alert').textContent).toBe('The answer failed. Not enough credits'),
    );
  });
});
