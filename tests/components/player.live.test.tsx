import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import { LiveBanner } from '../../src/player/live/LiveBanner';
import type { TLiveState } from '../../src/shared/contract/live';

const state: TLiveState = {
  _id: '65f1a2b3c4d5e6f708192a3b',
  assignmentId: '65f1a2b3c4d5e6f708192a3c',
  flowId: '65f1a2b3c4d5e6f708192a3d',
  step: 1,
  stepCount: 4,
  answersOpen: true,
  revealed: false,
  workAhead: false,
  ended: false,
  revision: 3,
  code: 'YGF3SM',
  memberCount: 2,
  registration: 'f10e1e65-f1a2-8b3c-a4d5-e6f708192a3b',
};

describe('[LIVE] the phone says what the lesson is doing', () => {
  beforeAll(() => {
    const texts = (lang: string) =>
      JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'locales', lang, 'player.json'), 'utf8'));
    setTexts('en-GB', texts('en-GB'));
  });

  it('following: the step, waiting for the teacher, answers closed, reconnecting', () => {
    const view = render(<LiveBanner state={state} flowId={state.flowId} reconnecting={false} />);
    expect(view.getByText('Live lesson — following your teacher')).toBeTruthy();
    expect(view.getByTestId('live-phone-step').textContent).toBe('Step 2 of 4');
    expect(view.queryByTestId('live-hold')).toBeNull();
    view.rerender(<LiveBanner state={state} flowId={state.flowId} reconnecting holding closed />);
    expect(view.getByTestId('live-hold').textContent).toBe('Waiting for your teacher to move on…');
    expect(view.getByTestId('live-closed').textContent).toContain('Answers are closed for this step');
    expect(view.getByText('Reconnecting to the lesson…')).toBeTruthy();
  });

  it('says nothing for another flow of the assignment, and says when the lesson ended', () => {
    const other = render(<LiveBanner state={state} flowId="65f1a2b3c4d5e6f708192a3e" reconnecting={false} />);
    expect(other.container.textContent).toBe('');
    const ended = render(<LiveBanner state={{ ...state, ended: true }} reconnecting={false} />);
    expect(ended.getByTestId('live-ended').textContent).toContain('The live lesson has ended');
    expect(ended.queryByTestId('live-banner')).toBeNull();
  });
});
