import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNodeData } from '../../src/features/canvas/canvas.types';
import { PromptTemplateField } from '../../src/features/canvas/components/PromptTemplateField';
import type { TPromptTemplate } from '../../src/shared/contract/prompt-templates';
import { promptsFromTemplate } from '../../src/shared/domain/runtime/prompt-template-data';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './stub-api';

afterEach(() => vi.unstubAllGlobals());

const explainer: TPromptTemplate = {
  _id: 'abcdefabcdefabcdefabcdef',
  id: 'abcdefabcdefabcdefabcdef',
  orgId: null,
  ownerId: 'u1',
  name: 'Explainer',
  description: '',
  systemPrompt: 'Explain for {{age}}-year-olds.',
  userPrompt: 'What is {{thing}}?',
  compatibleModel: [{ name: 'Mini', model: 'gpt-4o-mini', description: '' }],
  selectedModel: 'gpt-4o-mini',
  generateTextUsing: 'selectedModel',
  sections: [
    {
      name: '',
      fields: [
        {
          label: 'Age',
          name: 'age',
          value: '10',
          type: 'number',
          required: true,
          placeholder: '',
          maxLength: 3,
          description: '',
        },
        {
          label: 'Thing',
          name: 'thing',
          value: '',
          type: 'text',
          required: true,
          placeholder: '',
          maxLength: null,
          description: '',
        },
      ],
    },
  ],
  icon: '',
  canEdit: true,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
};

/** The block panel's template field over a block whose data the test can read back. */
function Block(props: { seen: TNodeData[] }) {
  const [data, setData] = useState<TNodeData>({ label: 'AI Prompt' });
  return (
    <PromptTemplateField
      data={data}
      onChange={(patch) => {
        const next = { ...data, ...patch };
        props.seen.push(next);
        setData(next);
      }}
    />
  );
}

describe('[TEMPLATES] a prompt block takes a template', () => {
  it('keeps a filled copy and the selected model; the runtime reads the same prompt; fill in again reopens it', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    stubApi({ 'GET prompt-templates': () => ({ body: { templates: [explainer], total: 1 } }) });
    const seen: TNodeData[] = [];
    render(<Block seen={seen} />);
    expect(screen.getByTestId('block-template').textContent).toBe(
      'No template: the block uses its own prompt.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose a template…' }));
    fireEvent.click(await screen.findByRole('button', { name: /Explainer/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Thing/ }), { target: { value: 'a rainbow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use in block' }));
    expect(seen).toHaveLength(1);
    expect(seen[0].model).toBe('gpt-4o-mini');
    expect(promptsFromTemplate(seen[0].promptTemplate)).toEqual({
      system: 'Explain for 10-year-olds.',
      user: 'What is a rainbow?',
    });
    expect(screen.getByTestId('block-template').textContent).toBe('Uses “Explainer”');
    fireEvent.click(screen.getByRole('button', { name: 'Fill in again' }));
    const thing = (await screen.findByRole('textbox', { name: /Thing/ })) as HTMLInputElement;
    expect(thing.value).toBe('a rainbow');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove template' }));
    expect(seen.at(-1)?.promptTemplate).toBeUndefined();
    expect(screen.getByTestId('block-template').textContent).toBe(
      'No template: the block uses its own prompt.',
    );
  });
});
