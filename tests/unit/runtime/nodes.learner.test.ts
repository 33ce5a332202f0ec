import { describe, expect, it } from 'vitest';
import { resumeRun, startRun, XAPI_EXTENSIONS } from '../../../src/shared/domain/runtime';
import { parseQuiz, scoreQuiz } from '../../../src/shared/domain/runtime/quiz-format';
import { drive, flow, setup, XAPI_CONTEXT } from './harness';

const AUTO = { autoExecuteNextNode: true };
const verbs = (statements: Array<{ verb: { id: string } }>) =>
  statements.map((s) => s.verb.id.split('/').pop());

describe('Text Input', () => {
  const f = () =>
    flow(
      [
        's:beginNode',
        ['i', 'inputNode', { forms: [{ id: 'a', value: 'Your name?' }] }],
        ['d', 'displayNode', AUTO],
      ],
      ['s.out>i.in', 'i.out>d.in', 'i.text>d.text'],
    );

  it('asks, passes the answer on, and records answered with the text as evidence', async () => {
    const { options, statements } = setup();
    const [first, second] = await drive(f(), options, [{ kind: 'text', text: 'Ada\u0000' }]);
    expect(first.waiting?.request).toEqual({ kind: 'text', prompt: 'Your name?', placeholder: '' });
    expect(second.shown[0]).toMatchObject({ markdown: 'Ada' });
    const answered = statements.find((s) => s.verb.id.endsWith('/answered'));
    expect(answered).toMatchObject({
      actor: { objectType: 'Agent', mbox: 'mailto:ada@example.com' },
      object: {
        id: `${XAPI_CONTEXT.flowActivityId}/nodes/i`,
        definition: { name: { 'en-US': 'Text Input' } },
      },
      result: { response: 'Ada' },
      context: {
        registration: XAPI_CONTEXT.registration,
        extensions: { [XAPI_EXTENSIONS.evidence]: 'Ada' },
        contextActivities: {
          parent: [{ id: XAPI_CONTEXT.flowActivityId }],
          grouping: [{ id: 'https://flowlearn.test/assignments/a1' }],
        },
      },
    });
    expect(verbs(statements)).toEqual(['launched', 'answered', 'experienced', 'completed']);
  });

  it('refuses an answer of the wrong kind, leaving the run where it was', async () => {
    const { options } = setup();
    const first = await startRun(f(), options);
    for (const wrong of [{ kind: 'choice', optionId: 'x' }, { kind: 'text' }, 'text', null]) {
      const r = await resumeRun(f(), first.state, wrong, options);
      expect(r.refused?.code).toBe('answer-refused');
      expect(r.state).toBe(first.state);
    }
  });
});

describe('Image Input and other uploads', () => {
  it('asks for a camera photo and passes the uploaded image on, with the URL as evidence', async () => {
    const { options, statements } = setup();
    const f = flow(
      ['s:beginNode', 'p:imageInputNode', ['d', 'displayImageNode', AUTO]],
      ['s.out>p.in', 'p.out>d.in', 'p.image>d.image'],
    );
    const [first, second] = await drive(f, options, [{ kind: 'media', url: 'https://files.test/photo.jpg' }]);
    expect(first.waiting?.request).toMatchObject({
      kind: 'media',
      media: 'image',
      accept: 'image/*',
      capture: true,
    });
    expect(second.shown[0]).toMatchObject({ kind: 'image', url: 'https://files.test/photo.jpg' });
    const answered = statements.find((s) => s.verb.id.endsWith('/answered'));
    expect(answered?.context?.extensions?.[XAPI_EXTENSIONS.evidence]).toEqual({
      id: 'https://files.test/photo.jpg',
      description: 'Image Input',
    });
  });

  it('Upload PDF passes the file and its text', async () => {
    const { options } = setup();
    const f = flow(
      ['s:beginNode', 'u:uploadPdfNode', ['d', 'displayNode', AUTO]],
      ['s.out>u.in', 'u.out>d.in', 'u.text>d.text'],
    );
    const [, r] = await drive(f, options, [
      { kind: 'media', url: 'https://files.test/essay.pdf', name: 'essay.pdf' },
    ]);
    expect(r.shown[0]).toMatchObject({ markdown: 'text of https://files.test/essay.pdf' });
    expect(r.state.outputs.u.file).toEqual({
      type: 'file',
      url: 'https://files.test/essay.pdf',
      name: 'essay.pdf',
    });
  });
});

describe('Form', () => {
  it('asks one field per form and passes the answers keyed by their labels', async () => {
    const { options } = setup();
    const f = flow(
      [
        's:beginNode',
        [
          'f',
          'formNode',
          {
            forms: [
              { id: 'n', value: 'Name' },
              { id: 'x', value: '' },
              { id: 'c', value: 'Class' },
            ],
          },
        ],
        'q:quizJsonNode',
      ],
      ['s.out>f.in', 'f.out>q.in', 'f.responses>q.quiz'],
    );
    const [first, second] = await drive(f, options, [{ kind: 'form', values: { n: 'Ada', c: '5B' } }]);
    expect(first.waiting?.request).toEqual({
      kind: 'form',
      fields: [
        { id: 'n', label: 'Name', multiline: false, required: false },
        { id: 'c', label: 'Class', multiline: false, required: false },
      ],
    });
    expect(second.state.outputs.f.responses).toEqual({ type: 'json', json: { Name: 'Ada', Class: '5B' } });
  });
});

describe('Quiz', () => {
  const QUIZ = {
    title: 'Plants',
    passScore: 2,
    questions: [
      { id: 'q1', question: 'Plants make food by…', options: ['photosynthesis', 'digestion'], answer: 0 },
      {
        question: 'Pick the gases plants take in',
        options: [{ text: 'CO2', correct: true }, 'Helium', { text: 'O2', isCorrect: true }],
      },
      { question: 'Colour of chlorophyll?', answer: ['green'] },
      { question: 'Your favourite plant?' },
    ],
  };
  const f = (quiz: unknown = QUIZ) =>
    flow(
      ['s:beginNode', ['q', 'quizJsonNode', { quiz }], ['d', 'displayNode', AUTO]],
      ['s.out>q.in', 'q.out>d.in', 'q.userResponse>d.text'],
    );

  it('asks the questions without their answers', async () => {
    const { options } = setup();
    const r = await startRun(f(), options);
    expect(r.waiting?.request).toEqual({
      kind: 'quiz',
      title: 'Plants',
      questions: [
        {
          id: 'q1',
          prompt: 'Plants make food by…',
          kind: 'single',
          options: ['photosynthesis', 'digestion'],
        },
        {
          id: 'q2',
          prompt: 'Pick the gases plants take in',
          kind: 'multiple',
          options: ['CO2', 'Helium', 'O2'],
        },
        { id: 'q3', prompt: 'Colour of chlorophyll?', kind: 'text', options: [] },
        { id: 'q4', prompt: 'Your favourite plant?', kind: 'text', options: [] },
      ],
    });
    expect(JSON.stringify(r.waiting)).not.toContain('correct');
  });

  it('scores: score, baseScore and userResponse; answered with the score, then passed', async () => {
    const { options, statements } = setup();
    const [, r] = await drive(f(), options, [
      { kind: 'quiz', responses: { q1: 'A', q2: ['CO2', '2'], q3: ' Green ', q4: 'Oak' } },
    ]);
    expect(r.state.outputs.q.score).toEqual({ type: 'text', text: '3' });
    expect(r.state.outputs.q.baseScore).toEqual({ type: 'text', text: '3' });
    expect(r.state.outputs.q.userResponse.type === 'text' && r.state.outputs.q.userResponse.text).toBe(
      'Plants make food by…: photosynthesis\nPick the gases plants take in: CO2, O2\nColour of chlorophyll?:  Green \nYour favourite plant?: Oak',
    );
    const answered = statements.find((s) => s.verb.id.endsWith('/answered'));
    expect(answered?.result).toMatchObject({ score: { raw: 3, min: 0, max: 3, scaled: 1 }, success: true });
    expect(verbs(statements)).toContain('passed');
  });

  it('a wrong set on a multiple question scores nothing; below the pass score records failed', async () => {
    const { options, statements } = setup();
    const [, r] = await drive(f(), options, [{ kind: 'quiz', responses: { q1: 'digestion', q2: ['CO2'] } }]);
    expect(r.state.outputs.q.score).toEqual({ type: 'text', text: '0' });
    expect(verbs(statements)).toContain('failed');
  });

  it('a quiz that cannot be read is reported and skipped with a message', async () => {
    const { options } = setup();
    const r = await startRun(f({ questions: 'nope' }), options);
    expect(r.state.issues).toContainEqual(expect.objectContaining({ code: 'quiz-invalid', nodeId: 'q' }));
    expect(r.status).toBe('done');
  });

  it('scoreQuiz and parseQuiz accept the bare array shape', () => {
    const quiz = parseQuiz([{ text: 'Yes?', choices: ['yes', 'no'], correctAnswer: 'yes', points: 2 }]);
    expect(quiz?.questions[0]).toMatchObject({ id: 'q1', kind: 'single', correct: ['yes'], points: 2 });
    expect(scoreQuiz(quiz!, { q1: '0' })).toMatchObject({ score: 2, baseScore: 2 });
  });
});
