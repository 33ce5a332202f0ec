import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveLeaderboard } from '../../src/features/assignments/components/live/LiveLeaderboard';
import { LiveStartOptions } from '../../src/features/assignments/components/live/LiveStartOptions';
import { quizBars } from '../../src/features/assignments/components/live/live-tally';
import { setTexts } from '../../src/player/i18n';
import { LiveScore } from '../../src/player/live/LiveScore';
import { setLiveScore } from '../../src/player/live/live-score';
import type { TLiveStartRequest, TLiveState } from '../../src/shared/contract/live';

const state: TLiveState = {
  _id: '65f1a2b3c4d5e6f708192a3b',
  assignmentId: '65f1a2b3c4d5e6f708192a3c',
  flowId: '65f1a2b3c4d5e6f708192a3d',
  step: 0,
  stepCount: 3,
  answersOpen: false,
  revealed: true,
  workAhead: false,
  ended: false,
  revision: 4,
  code: 'YGF3SM',
  memberCount: 3,
  registration: 'f10e1e65-f1a2-8b3c-a4d5-e6f708192a3b',
  points: true,
  hideNames: true,
};

/** The server's answer for one route, as the contract shapes it; any other path is a 404. */
const serve = (path: string, data: unknown) =>
  vi.stubGlobal('fetch', async (url: string | URL | Request) =>
    String(url instanceof Request ? url.url : url).includes(path)
      ? Response.json({ data })
      : new Response('{}', { status: 404 }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('[LIVE] points and the leaderboard on screen', () => {
  beforeAll(() => {
    const texts = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json'), 'utf8'),
    );
    setTexts('en-GB', texts);
  });

  it('points are off until the teacher ticks them; names stay hidden unless chosen', () => {
    const chosen: TLiveStartRequest[] = [];
    function Harness() {
      const [value, setValue] = useState<TLiveStartRequest>({});
      return (
        <LiveStartOptions
          value={value}
          onChange={(v) => {
            chosen.push(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Harness />);
    const points = screen.getByLabelText(/Points and a leaderboard/) as HTMLInputElement;
    expect(points.checked).toBe(false);
    expect(screen.queryByLabelText('Show names on the leaderboard')).toBeNull();
    fireEvent.click(points);
    fireEvent.click(screen.getByLabelText('Show names on the leaderboard'));
    expect(chosen.at(-1)).toEqual({ points: true, hideNames: false });
  });

  it('the projector lists the top ranks, "Learner n" where names are hidden', async () => {
    serve('/live/leaderboard', {
      entries: [
        { rank: 1, points: 1950, name: null, learner: 2 },
        { rank: 2, points: 740, name: 'Pia Pupil', learner: 1 },
      ],
    });
    render(<LiveLeaderboard assignmentId={state.assignmentId} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1Learner 21950 points', '2Pia Pupil740 points']);
  });

  it('a phone sees its own points and rank', () => {
    const view = render(<LiveScore state={state} />);
    act(() => setLiveScore(state.assignmentId, { points: 950, rank: 2, of: 3 }));
    expect(view.getByTestId('live-score').textContent).toBe('Your points: 950 · rank 2 of 3');
    view.rerender(<LiveScore state={{ ...state, points: false }} />);
    expect(view.queryByTestId('live-score')).toBeNull();
    act(() => setLiveScore(state.assignmentId, null));
  });

  it('a quiz shows every option, marking the right one only once revealed', () => {
    const answered = [{ label: 'Rome', count: 2 }];
    expect(quizBars(answered, { options: ['Rome', 'Paris'] })).toEqual([
      { label: 'Rome', count: 2 },
      { label: 'Paris', count: 0 },
    ]);
    expect(quizBars(answered, { options: ['Rome', 'Paris'], correct: ['Paris'] })).toEqual([
      { label: 'Rome', count: 2, right: false },
      { label: 'Paris', count: 0, right: true },
    ]);
  });
});
