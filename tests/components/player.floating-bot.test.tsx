import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import { FloatingBot } from '../../src/player/run/FloatingBot';
import {
  askFloatingBot,
  floatingBots,
  type TRunFlow,
  type TRunOptions,
  type TRunState,
} from '../../src/shared/domain/runtime';
import { drive, flow, setup, type TAiScript } from '../unit/runtime/harness';

const TEXTS = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json'), 'utf8'),
);

/** The real runtime behind the panel: a bot reached, a step waiting, a scripted model. */
function Host({ f, initial, options }: { f: TRunFlow; initial: TRunState; options: TRunOptions }) {
  const [state, setState] = useState(initial);
  return (
    <>
      <p data-testid="at">{state.at?.nodeId}</p>
      {floatingBots(f, state).map((bot) => (
        <FloatingBot
          key={bot.nodeId}
          bot={bot}
          onAsk={async (question, onPiece) => {
            const r = await askFloatingBot(f, state, bot.nodeId, question, {
              ...options,
              onEvent: (e) => e.type === 'ai-piece' && onPiece(e.text),
            });
            setState(r.state);
            return r;
          }}
        />
      ))}
    </>
  );
}

async function mount(ai: TAiScript) {
  const { options } = setup({ ai });
  const f = flow(
    [
      's:beginNode',
      ['b', 'floatingKnowledgeBotNode', { label: 'Cell helper', greeting: 'Ask me about cells.' }],
      ['q', 'inputNode', { question: 'Describe a cell' }],
    ],
    ['s.out>b.in', 'b.out>q.in'],
  );
  const [first] = await drive(f, options);
  return render(<Host f={f} initial={first.state} options={options} />);
}

describe('[PLAYER] floating knowledge bot', () => {
  beforeAll(() => setTexts('en-GB', TEXTS));

  it('opens a labelled chat panel with focus inside, answers over the step and closes on Escape', async () => {
    const view = await mount((r) => `Cells have a nucleus [1]. (${r.messages.at(-1)?.content})`);
    const fab = view.getByRole('button', { name: 'Ask Cell helper' });
    expect(fab.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(fab);
    const dialog = view.getByRole('dialog', { name: 'Cell helper' });
    expect(dialog.textContent).toContain('Ask me about cells.');
    const field = view.getByLabelText('Your question');
    expect(document.activeElement).toBe(field);
    expect(dialog.textContent).toContain('Questions left: 10');

    fireEvent.change(field, { target: { value: 'What is inside?' } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(dialog.textContent).toContain('Cells have a nucleus [1]. (What is inside?)'));
    expect(dialog.textContent).toContain('Questions left: 9');
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    // The step behind the panel still waits for its own answer.
    expect(view.getByTestId('at').textContent).toBe('q');

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(view.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(fab);
  });

  it('says "ask your teacher" when credits run out and keeps the question to send again', async () => {
    const out = Object.assign(new Error('no credits'), { errorCode: 'UNIT_BALANCE_INSUFFICIENT' });
    const view = await mount(() => out);
    fireEvent.click(view.getByRole('button', { name: 'Ask Cell helper' }));
    const field = view.getByLabelText('Your question') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Why?' } });
    await act(async () => {
      fireEvent.click(view.getByRole('button', { name: 'Send' }));
    });
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toBe(TEXTS.errors.askTeacher);
    expect(field.value).toBe('Why?');
    expect(view.getByRole('dialog').textContent).toContain('Questions left: 10');
    // Escape closes the panel wherever focus went meanwhile.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(view.queryByRole('dialog')).toBeNull();
  });
});
