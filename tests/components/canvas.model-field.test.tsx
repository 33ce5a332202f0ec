import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelField } from '../../src/features/canvas/components/ModelField';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './collections.fixtures';

afterEach(() => vi.unstubAllGlobals());

const option = (code: string, name: string, price: number, disabled = false) => ({
  code,
  name,
  disabled,
  price,
  providerModel: code,
  provider: 'openai',
  unit: 'tokens1k',
  added: false,
});

describe('[CREDITS] the model field of a block', () => {
  it('lists the space’s models from GET /api/models with prices; switched-off ones cannot be picked', async () => {
    setSpace({ orgId: 'eeeeeeeeeeeeeeeeeeeeeeee', orgCode: 'school' });
    const calls = stubApi({
      'GET models': () => ({
        body: {
          data: [
            option('gpt-5-nano', 'GPT-5 Nano', 0.050015),
            option('gpt-5-mini', 'GPT-5 Mini', 0.250075, true),
            option('gpt-5', 'GPT-5', 1.250375),
          ],
          defaultModel: 'gpt-5-nano',
        },
      }),
    });
    const onChange = vi.fn();
    render(<ModelField nodeType="promptNode" value={undefined} onChange={onChange} />);
    const select = (await screen.findByLabelText('AI model')) as HTMLSelectElement;
    // Prices read short, the exact value in the option's title.
    const gpt5 = await screen.findByText('GPT-5 · ≈1.25 credits / 1K tokens');
    expect(gpt5.getAttribute('title')).toBe('1.250375 credits / 1K tokens');
    expect(calls.some((c) => c.path === 'models?nodeType=promptNode')).toBe(true);
    expect(select.value).toBe('gpt-5-nano');
    const off = screen.getByText('GPT-5 Mini · ≈0.25 credits / 1K tokens') as HTMLOptionElement;
    expect(off.disabled).toBe(true);
    await act(async () => fireEvent.change(select, { target: { value: 'gpt-5' } }));
    expect(onChange).toHaveBeenCalledWith('gpt-5');
  });

  it('says so when the block’s model was switched off, and works from the catalogue without a network', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<ModelField nodeType="processNode" value="gpt-4-turbo" onChange={() => {}} />);
    const select = (await screen.findByLabelText('AI model')) as HTMLSelectElement;
    expect(select.value).toBe('gpt-4-turbo');
    expect(screen.getByText('This model is switched off in this space; choose another.')).toBeTruthy();
    expect(select.options.length).toBeGreaterThan(10);
  });
});
