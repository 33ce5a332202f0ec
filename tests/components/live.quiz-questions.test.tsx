import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveClassroom } from '../../src/features/assignments/components/live/LiveClassroom';
import { LiveLeaderboard } from '../../src/features/assignments/components/live/LiveLeaderboard';
import { questionCount, tallyAnswers } from '../../src/features/assignments/components/live/live-tally';
import { setTexts } from '../../src/player/i18n';
import { LiveScore } from '../../src/player/live/LiveScore';
import { setLiveScore } from '../../src/player/live/live-score';
import type { TLiveEvent, TLiveResults, TLiveState } from '../../src/shared/contract/live';

// ApexCharts measures SVG text, which the test DOM cannot: the chart here lists its bars as text.
vi.mock('react-apexcharts', () => ({
  default: (p: { options: { xaxis: { categories: string[] } }; series: Array<{ data: number[] }> }) => (
    <ol data-testid="bars">
      {p.options.xaxis.categories.map((c, i) => (
        <li key={c}>{`${c}=${p.series[0].data[i]}`}</li>
      ))}
    </ol>
  ),
}));

const state: TLiveState = {
  _id: '65f1a2b3c4d5e6f708192a3b',
  assignmentId: '65f1a2b3c4d5e6f708192a3c',
  flowId: '65f1a2b3c4d5e6f708192a3d',
  step: 0,
  stepCount: 2,
  answersOpen: false,
  revealed: true,
  workAhead: false,
  ended: false,
  revision: 4,
  code: 'YGF3SM',
  memberCount: 2,
  registration: 'f10e1e65-f1a2-8b3c-a4d5-e6f708192a3b',
  points: true,
  hideNames: true,
};
const pia = '65f1a2b3c4d5e6f708192a40';
const sam = '65f1a2b3c4d5e6f708192a41';
const answers: TLiveResults['answers'] = [
  { userId: pia, nodeId: 'q', answer: { questions: [{ choices: ['Paris'] }, { choices: ['2', '7'] }] } },
  { userId: sam, nodeId: 'q', answer: { questions: [{ choices: ['Rome'] }, { choices: ['2'] }] } },
];
const results: TLiveResults = {
  step: 0,
  members: [],
  answers,
  quiz: {
    questions: [
      { prompt: 'Capital of France?', options: ['Rome', 'Paris'], correct: ['Paris'] },
      { prompt: 'Which are prime?', options: ['2', '4', '7'], correct: ['2', '7'] },
    ],
  },
};

/** The lesson's server: its routes answered as the contract shapes them; the event stream stays open. */
function serveLesson(events: TLiveEvent[]) {
  let push: (e: TLiveEvent) => void = () => undefined;
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/live/events')) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (e) => controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(e)}\n\n`));
          for (const e of events) push(e);
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (url.includes('/live/results')) return Response.json({ data: results });
    if (url.includes('/live/leaderboard')) return Response.json({ data: { entries: [] } });
    if (/\/live$/.test(url.split('?')[0])) return Response.json({ data: state });
    return new Response('{}', { status: 404 });
  });
  return (e: TLiveEvent) => push(e);
}

afterEach(() => vi.unstubAllGlobals());

describe('[LIVE] every quiz question on the projector; a live leaderboard and score', () => {
  beforeAll(() => {
    const texts = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json'), 'utf8'),
    );
    setTexts('en-GB', texts);
  });

  it('tallies one question of a quiz at a time; an answer from before quizzes counts as the first', () => {
    const mixed = [...answers, { userId: pia, nodeId: 'q', answer: { choices: ['Rome'] } }];
    expect(tallyAnswers(mixed, 0).choices).toEqual([
      { label: 'Paris', count: 1 },
      { label: 'Rome', count: 2 },
    ]);
    expect(tallyAnswers(mixed, 1).choices).toEqual([
      { label: '2', count: 2 },
      { label: '7', count: 1 },
    ]);
    expect(questionCount(mixed, undefined)).toBe(2);
    expect(questionCount([], results.quiz)).toBe(2);
    expect(questionCount([], undefined)).toBe(1);
  });

  it('the teacher steps through the questions; Reveal marks each one right answer', async () => {
    serveLesson([{ type: 'state', state }]);
    render(
      <LiveClassroom
        assignmentId={state.assignmentId}
        link="https://x.test/j"
        name="Geo"
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('live-quiz-question')).textContent).toBe('Question 1 of 2');
    expect(screen.getByTestId('live-question').textContent).toBe('Capital of France?');
    expect(screen.getByTestId('live-right').textContent).toBe('Right answer: Paris');
    const bars = async () => (await screen.findByTestId('bars')).textContent;
    expect(await bars()).toBe('Rome=1✓ Paris=1');

    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(screen.getByTestId('live-quiz-question').textContent).toBe('Question 2 of 2');
    expect(screen.getByTestId('live-question').textContent).toBe('Which are prime?');
    expect(screen.getByTestId('live-right').textContent).toBe('Right answer: 2, 7');
    await waitFor(async () => expect(await bars()).toBe('✓ 2=24=0✓ 7=1'));
    expect((screen.getByRole('button', { name: 'Next question' }) as HTMLButtonElement).disabled).toBe(true);
    // The screen is the body's own child, over the page, not inside it.
    expect(screen.getByRole('dialog', { name: 'Live lesson' }).parentElement).toBe(document.body);
  });

  it("the leaderboard follows the stream's standings while it is shown", async () => {
    const push = serveLesson([{ type: 'state', state }]);
    render(
      <LiveClassroom
        assignmentId={state.assignmentId}
        link="https://x.test/j"
        name="Geo"
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show leaderboard' }));
    expect((await screen.findByTestId('live-leaderboard')).textContent).toContain('No points yet.');
    act(() => push({ type: 'leaderboard', entries: [{ rank: 1, points: 940, name: null, learner: 2 }] }));
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Learner 2940 points']),
    );
    act(() =>
      push({
        type: 'leaderboard',
        entries: [
          { rank: 1, points: 1880, name: null, learner: 1 },
          { rank: 2, points: 940, name: null, learner: 2 },
        ],
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        '1Learner 11880 points',
        '2Learner 2940 points',
      ]),
    );
  });

  it('a board read once shows until the stream sends newer standings', async () => {
    serveLesson([]);
    const view = render(<LiveLeaderboard assignmentId={state.assignmentId} />);
    expect((await view.findByTestId('live-leaderboard')).textContent).toContain('No points yet.');
    view.rerender(
      <LiveLeaderboard
        assignmentId={state.assignmentId}
        live={{ entries: [{ rank: 1, points: 500, name: 'Pia Pupil', learner: 1 }] }}
      />,
    );
    expect(view.getByRole('listitem').textContent).toBe('1Pia Pupil500 points');
  });

  it("a phone's points and rank change with each score its stream sends", () => {
    const view = render(<LiveScore state={state} />);
    expect(view.queryByTestId('live-score')).toBeNull();
    act(() => setLiveScore(state.assignmentId, { points: 950, rank: 1, of: 3 }));
    expect(view.getByTestId('live-score').textContent).toBe('Your points: 950 · rank 1 of 3');
    act(() => setLiveScore(state.assignmentId, { points: 950, rank: 2, of: 3 }));
    expect(view.getByTestId('live-score').textContent).toBe('Your points: 950 · rank 2 of 3');
    view.rerender(<LiveScore state={{ ...state, points: false }} />);
    expect(view.queryByTestId('live-score')).toBeNull();
    act(() => setLiveScore(state.assignmentId, null));
  });
});
