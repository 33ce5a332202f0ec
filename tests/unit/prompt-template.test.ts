import { describe, expect, it } from 'vitest';
import {
  fieldProblem,
  fillPromptTemplate,
  placeholdersOf,
  type TFillableTemplate,
} from '../../src/shared/domain/prompt-template';

const lesson: TFillableTemplate = {
  systemPrompt: 'You teach {{subject}} to {{ level }} learners.',
  userPrompt: 'Write {{count}} questions about {{topic}}. Source: {{source}}',
  sections: [
    {
      fields: [
        { name: 'subject', required: true, value: 'biology' },
        { name: 'level', value: 'beginner' },
      ],
    },
    {
      fields: [
        { name: 'topic', required: true, maxLength: 20 },
        { name: 'count', type: 'number', value: '5' },
        { name: 'source', type: 'url' },
      ],
    },
  ],
};

describe('[TEMPLATES] fillPromptTemplate', () => {
  it('puts given values, then defaults, into both prompts (spaces inside braces allowed)', () => {
    const out = fillPromptTemplate(lesson, { topic: 'cells', subject: 'chemistry' });
    expect(out.system).toBe('You teach chemistry to beginner learners.');
    expect(out.user).toBe('Write 5 questions about cells. Source: ');
    expect(out.problems).toEqual({});
  });

  it('names each field whose value breaks its rules', () => {
    const out = fillPromptTemplate(lesson, {
      subject: '  ',
      topic: 'x'.repeat(21),
      count: 'five',
      source: 'javascript:alert(1)',
    });
    expect(out.problems).toEqual({
      subject: 'required',
      topic: 'tooLong',
      count: 'notNumber',
      source: 'notUrl',
    });
  });

  it('does not substitute again inside a value, and keeps unknown placeholders visible', () => {
    const t: TFillableTemplate = {
      systemPrompt: '',
      userPrompt: '{{a}} and {{missing}} and {{a}}',
      sections: [{ fields: [{ name: 'a' }, { name: 'b', value: 'B' }] }],
    };
    expect(fillPromptTemplate(t, { a: '{{b}}' }).user).toBe('{{b}} and {{missing}} and {{b}}');
    expect(fillPromptTemplate(t, { a: '$& $1' }).user).toBe('$& $1 and {{missing}} and $& $1');
  });

  it('lists placeholders in order of first use, once each', () => {
    expect(placeholdersOf(lesson)).toEqual(['subject', 'level', 'count', 'topic', 'source']);
  });

  it('fieldProblem: empty optional is fine, http(s) addresses and numbers pass', () => {
    expect(fieldProblem({ name: 'x' }, '')).toBeUndefined();
    expect(fieldProblem({ name: 'x', type: 'url' }, 'https://example.org/a')).toBeUndefined();
    expect(fieldProblem({ name: 'x', type: 'number' }, ' 2.5 ')).toBeUndefined();
    expect(fieldProblem({ name: 'x', maxLength: 3 }, 'abcd')).toBe('tooLong');
  });
});
