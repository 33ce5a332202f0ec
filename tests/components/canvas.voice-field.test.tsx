import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoiceField } from '../../src/features/canvas/components/VoiceField';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('[CANVAS] the voice field of a Text to Speech block', () => {
  it('lists the provider’s voices from GET /api/voices and keeps the chosen one', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    const calls = stubApi({
      'GET voices': () => ({
        body: {
          data: [
            { id: 'nova', name: 'Nova' },
            { id: 'onyx', name: 'Onyx' },
          ],
          device: false,
        },
      }),
    });
    const onChange = vi.fn();
    render(<VoiceField value={undefined} onChange={onChange} />);
    await screen.findByText('Onyx');
    const select = screen.getByLabelText('Voice') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(calls.some((c) => c.path === 'voices')).toBe(true);
    await act(async () => fireEvent.change(select, { target: { value: 'onyx' } }));
    expect(onChange).toHaveBeenCalledWith('onyx');
  });

  it('offline it says the learner’s device will speak, instead of a list', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    stubApi({ 'GET voices': () => ({ body: { data: [], device: true } }) });
    render(<VoiceField value="nova" onChange={() => {}} />);
    await screen.findByText(/the learner’s device reads this aloud with its own voice/);
    expect(screen.queryByLabelText('Voice')).toBeNull();
  });
});
