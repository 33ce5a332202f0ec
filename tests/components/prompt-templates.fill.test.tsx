import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageFromTemplate } from '../../src/features/chat/components/ChatTemplateButton';
import type { TPromptTemplate } from '../../src/shared/contract/prompt-templates';
import {
  initialValues,
  TemplateFillForm,
  type TFieldValues,
} from '../../src/ui/prompt-templates/TemplateFillForm';
import {
  TemplatePickerDialog,
  type TPickedTemplate,
} from '../../src/ui/prompt-templates/TemplatePickerDialog';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './stub-api';

afterEach(() => vi.unstubAllGlobals());

const field = (over: Partial<TPromptTemplate['sections'][number]['fields'][number]>) => ({
  label: 'Label',
  name: 'name',
  value: '',
  type: 'text' as const,
  required: false,
  placeholder: '',
  maxLength: null,
  description: '',
  ...over,
});

const quiz: TPromptTemplate = {
  _id: '0123456789abcdef01234567',
  id: '0123456789abcdef01234567',
  orgId: null,
  ownerId: 'u1',
  name: 'Quiz maker',
  description: 'Questions on a topic',
  systemPrompt: 'You write quizzes for {{level}} learners.',
  userPrompt: 'Write {{count}} questions on {{topic}}.',
  compatibleModel: [],
  selectedModel: '',
  generateTextUsing: 'callerModel',
  sections: [
    {
      name: 'Quiz',
      fields: [
        field({ label: 'Topic', name: 'topic', required: true, maxLength: 12, description: 'One subject' }),
        field({ label: 'How many', name: 'count', type: 'number', value: '3' }),
        field({ label: 'Level', name: 'level', type: 'textarea', value: 'beginner' }),
      ],
    },
  ],
  icon: '❓',
  canEdit: true,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
};

function Harness() {
  const [values, setValues] = useState<TFieldValues>(() => initialValues(quiz));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  return (
    <TemplateFillForm
      template={quiz}
      values={values}
      onChange={setValues}
      showProblems={false}
      touched={touched}
      onTouch={(n) => setTouched((s) => new Set(s).add(n))}
    />
  );
}

describe('[TEMPLATES] the fill-in form', () => {
  it('renders each field by its type with its rules, and previews the filled prompt', () => {
    render(<Harness />);
    const topic = screen.getByRole('textbox', { name: /Topic/ }) as HTMLInputElement;
    expect(topic.required).toBe(true);
    expect(topic.maxLength).toBe(12);
    expect(topic.getAttribute('aria-describedby')).toContain('hint');
    expect(screen.getByRole('textbox', { name: 'Level' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'How many' }).getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByTestId('tpl-preview-system').textContent).toBe(
      'You write quizzes for beginner learners.',
    );
    fireEvent.change(topic, { target: { value: 'volcanoes' } });
    expect(screen.getByTestId('tpl-preview-user').textContent).toBe('Write 3 questions on volcanoes.');
  });

  it('says what is wrong once a field is left: required, and a number that is not one', () => {
    render(<Harness />);
    expect(screen.queryByRole('alert')).toBeNull();
    const topic = screen.getByRole('textbox', { name: /Topic/ });
    fireEvent.blur(topic);
    expect(screen.getByRole('alert').textContent).toBe('Please fill this in.');
    expect(topic.getAttribute('aria-invalid')).toBe('true');
    const count = screen.getByRole('textbox', { name: 'How many' });
    fireEvent.change(count, { target: { value: 'three' } });
    fireEvent.blur(count);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please fill this in.',
      'Enter a number.',
    ]);
  });
});

describe('[TEMPLATES] picking a template', () => {
  it('lists the space’s templates, refuses to use one with a missing field, then hands over the filled prompt', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    stubApi({ 'GET prompt-templates': () => ({ body: { templates: [quiz], total: 1 } }) });
    const picked: TPickedTemplate[] = [];
    render(
      <TemplatePickerDialog
        confirmLabel="Use in block"
        onClose={() => undefined}
        onConfirm={(p) => picked.push(p)}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Quiz maker/ }));
    const use = screen.getByRole('button', { name: 'Use in block' });
    fireEvent.click(use);
    expect(picked).toEqual([]);
    const topic = screen.getByRole('textbox', { name: /Topic/ });
    await waitFor(() => expect(document.activeElement).toBe(topic));
    expect(screen.getByRole('alert').textContent).toBe('Please fill this in.');
    fireEvent.change(topic, { target: { value: 'rivers' } });
    fireEvent.click(use);
    expect(picked).toHaveLength(1);
    expect(picked[0].values).toEqual({ topic: 'rivers', count: '3', level: 'beginner' });
    expect(messageFromTemplate(picked[0])).toBe(
      'You write quizzes for beginner learners.\n\nWrite 3 questions on rivers.',
    );
  });

  it('shows an empty state when the space has no templates', async () => {
    stubApi({ 'GET prompt-templates': () => ({ body: { templates: [], total: 0 } }) });
    render(<TemplatePickerDialog confirmLabel="Use" onClose={() => undefined} onConfirm={() => undefined} />);
    expect(await screen.findByText(/This space has no prompt templates yet/)).toBeTruthy();
  });
});
