import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import TaskWizardPage from '../../src/features/automation/components/TaskWizardPage';
import { curlExample } from '../../src/features/automation/curl';
import { setSpace } from '../../src/ui/space';
import { hideToast, surfaces } from '../../src/ui/surfaces';
import { stubApi, summary } from './collections.fixtures';

beforeEach(() => setSpace({ orgId: 'personal', orgCode: 'personal' }));
afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('[AUTOMATION] the task wizard (spec 03 §5: exactly one flow, a name)', () => {
  it('proceeds only with one flow chosen, submits only with a name, and creates the task', async () => {
    const a = summary('Essay feedback');
    const b = summary('Volcano tour');
    const calls = stubApi({
      'GET flows/user': () => ({ body: { data: [a, b] } }),
      'POST tasks': (call) => ({
        status: 201,
        body: {
          message: 'Task created successfully',
          data: {
            _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
            taskId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
            name: (call.body as { name: string }).name,
            description: '',
            iconUrl: null,
            status: 'live',
            flowId: b._id,
            flowName: 'Volcano tour',
            orgId: null,
            ownerId: 'u',
            unitUsageOption: 'PAY_BY_API_KEY',
            createdAt: '2026-11-25T10:00:00.000Z',
            updatedAt: '2026-11-25T10:00:00.000Z',
          },
        },
      }),
    });
    const { hook, history } = memoryLocation({ path: '/personal/create-automation', record: true });
    render(
      <Router hook={hook}>
        <TaskWizardPage />
      </Router>,
    );
    const radios = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(radios[0]);
    fireEvent.click(radios[1]);
    // Radios: choosing the second one unchooses the first (exactly one flow).
    expect(radios.map((r) => r.checked)).toEqual([false, true]);
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    const submit = screen.getByRole('button', { name: 'Create task' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('A name is required.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Nightly grading ' } });
    expect(submit.disabled).toBe(false);
    await act(async () => fireEvent.click(submit));
    await waitFor(() =>
      expect(surfaces.toast).toMatchObject({ type: 'Success', message: 'Task created successfully' }),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      flowId: b._id,
      name: 'Nightly grading',
      description: '',
    });
    expect(history.at(-1)).toBe('/personal/automation/task/bbbbbbbbbbbbbbbbbbbbbbbb');
  });
});

describe('[AUTOMATION] the curl example', () => {
  it('names the task, the key header and one placeholder per input slot, quoting safely for a shell', () => {
    const text = curlExample('https://school.example', 'aaaaaaaaaaaaaaaaaaaaaaaa', [
      { key: "Pupil's essay", nodeId: 'n1', nodeType: 'inputNode', label: "Pupil's essay", kind: 'text' },
      { key: 'Quiz', nodeId: 'n2', nodeType: 'quizJsonNode', label: 'Quiz', kind: 'quiz' },
    ]);
    expect(text).toContain("curl -X POST 'https://school.example/api/tasks/aaaaaaaaaaaaaaaaaaaaaaaa/run'");
    expect(text).toContain("-H 'Authorization: Bearer YOUR_API_KEY'");
    expect(text).toContain(`"Pupil'\\''s essay": "Your text"`);
    expect(text).toContain('"Quiz": {');
  });
});
