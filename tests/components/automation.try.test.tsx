import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TryRunPanel } from '../../src/features/automation/components/TryRunPanel';
import type { TTaskSlot } from '../../src/shared/contract/automation';
import { stubApi } from './stub-api';

const TASK = 'f'.repeat(24);
const slots: TTaskSlot[] = [
  { key: 'essay', nodeId: 'essay', kind: 'text', label: 'Essay', nodeType: 'textInputNode' },
];

afterEach(() => vi.unstubAllGlobals());

describe('[AUTOMATION] "Run with inputs" on the task page', () => {
  it('starts from the sample input, runs the task signed in and shows its outputs and cost', async () => {
    const calls = stubApi({
      [`POST tasks/${TASK}/try`]: (call) => ({
        body: {
          runId: 'r1',
          status: 'done',
          outputs: { fb: { values: { feedback: `Read: ${String(call.body?.essay)}` } } },
          variables: {},
          issues: [],
          credits: 0.0125,
          durationMs: 840,
        },
      }),
    });
    render(<TryRunPanel taskId={TASK} slots={slots} />);
    const box = screen.getByLabelText('Inputs (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual({ essay: 'Your text' });
    fireEvent.change(box, { target: { value: '{"essay": "Oceans are deep."}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const result = await screen.findByTestId('try-result');
    expect(result.textContent).toContain('Done');
    expect(result.textContent).toContain('0.0125 credits · 840 ms');
    expect(result.textContent).toContain('Read: Oceans are deep.');
    expect(calls.at(-1)?.body).toEqual({ essay: 'Oceans are deep.' });
  });

  it('names bad JSON without calling the server, and shows the server’s words when the run stops', async () => {
    const calls = stubApi({
      [`POST tasks/${TASK}/try`]: () => ({
        status: 422,
        body: { message: 'The input JSON has no value for the block "Essay".', status: 'failed' },
      }),
    });
    render(<TryRunPanel taskId={TASK} slots={slots} />);
    fireEvent.change(screen.getByLabelText('Inputs (JSON)'), { target: { value: '[1, 2]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/must be a JSON object/);
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Inputs (JSON)'), { target: { value: '{}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(screen.getByTestId('try-error').textContent).toBe(
        'The input JSON has no value for the block "Essay".',
      ),
    );
  });

  it('"Sample from the flow" reads the flow\'s input blocks as they are now (GET tasks/{id}/slots)', async () => {
    let fail = false;
    const calls = stubApi({
      [`GET tasks/${TASK}/slots`]: () =>
        fail
          ? { status: 404, body: { message: 'Task not found' } }
          : {
              body: {
                slots: [
                  ...slots,
                  { key: 'Topic', nodeId: 'n2', kind: 'text', label: 'Topic', nodeType: 'inputNode' },
                ],
              },
            },
    });
    render(<TryRunPanel taskId={TASK} slots={slots} />);
    const box = screen.getByLabelText('Inputs (JSON)') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '{"essay": "edited"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sample from the flow' }));
    // The block added in the canvas since the page loaded is in the new sample.
    await waitFor(() => expect(JSON.parse(box.value)).toEqual({ essay: 'Your text', Topic: 'Your text' }));
    expect(screen.getByTestId('try-sample-note').textContent).toBe(
      "The inputs now hold a sample for the flow's 2 input blocks.",
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET tasks/${TASK}/slots`]);

    fail = true;
    fireEvent.change(box, { target: { value: '{"kept": true}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sample from the flow' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Task not found'));
    // A failed read keeps what the author typed.
    expect(box.value).toBe('{"kept": true}');
  });
});
