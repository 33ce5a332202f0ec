import { describe, expect, it } from 'vitest';
import { createOfflineProvider, OFFLINE_LABEL } from '../../../src/server/adapters/ai/offline';
import { minutesOf, planFlow, topicOf } from '../../../src/server/generator/planner';
import { repairFlow } from '../../../src/server/generator/repair';
import { ZCreateFlowRequest } from '../../../src/shared/contract/flows';
import { validateGraph } from '../../../src/shared/domain/link-rules';
import { jsonInputProvider, resumeRun, runHeadless, startRun } from '../../../src/shared/domain/runtime';
import { setup } from '../runtime/harness';
import { expectNoOverlap } from './overlap';

const PROMPT = 'a 20-minute lesson on photosynthesis with a quiz and feedback';

describe('[GENERATOR] the offline planner', () => {
  it('reads the topic, the length and what was asked for from the prompt', () => {
    expect(topicOf(PROMPT)).toBe('photosynthesis');
    expect(topicOf('Teach fractions')).toBe('Teach fractions');
    expect(topicOf('a lesson about the water cycle, for year 5')).toBe('water cycle');
    expect(minutesOf(PROMPT)).toBe(20);
    expect(minutesOf('45 min class on volcanoes')).toBe(45);
    expect(minutesOf('no length')).toBe(20);
    expect(planFlow(PROMPT).quiz).toBe(true);
    expect(planFlow('a lesson on volcanoes with feedback').quiz).toBe(false);
  });

  it('says in its first stage that it is the offline demo, and is deterministic', () => {
    const plan = planFlow(PROMPT);
    expect(plan.texts.standards_extraction).toContain(`[${OFFLINE_LABEL}]`);
    expect(plan.texts.standards_extraction).toContain('Topic: photosynthesis. Length: about 20 minutes.');
    expect(planFlow(PROMPT)).toEqual(plan);
    expect(plan.widgets.map((w) => w.widgetId)).toEqual([
      'textNode',
      'displayNode',
      'generateQuestionViaAiNode',
      'quizJsonNode',
      'inputNode',
      'processNode',
      'displayNode',
      'journalNode',
    ]);
  });

  it('builds Start, content, a quiz, a question, AI feedback and a journal that pass the link rules and the flow contract', () => {
    const r = repairFlow(planFlow(PROMPT).flow);
    if (!r.ok) throw new Error(r.reason);
    expect(r.notes).toEqual([]);
    expect(validateGraph(r.flow).ok).toBe(true);
    expect(ZCreateFlowRequest.safeParse({ name: 'x', ...r.flow }).success).toBe(true);
    expect(r.flow.nodes.map((n) => n.type)).toEqual([
      'beginNode',
      'textNode',
      'displayNode',
      'generateQuestionViaAiNode',
      'quizJsonNode',
      'inputNode',
      'processNode',
      'displayNode',
      'journalNode',
    ]);
    expectNoOverlap(r.flow.nodes);
  });

  it('runs to the end in the runtime the player uses', async () => {
    const r = repairFlow(planFlow(PROMPT).flow);
    if (!r.ok) throw new Error(r.reason);
    const { options, journals } = setup({
      ai: (req) =>
        req.purpose === 'questions'
          ? '{"questions": [{"id": "q1", "question": "What do plants make?", "options": ["sugar", "salt"], "answer": "sugar"}]}'
          : '{"score": 8, "feedback": "Good explanation."}',
    });
    const run = await runHeadless(
      { id: 'f1', ...r.flow },
      jsonInputProvider({
        'Photosynthesis quiz': { q1: 'sugar' },
        'Explain it': 'Plants turn light into sugar.',
      }),
      options,
    );
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('done');
    expect(run.outputs.feedback.values).toEqual({ score: '8', feedback: 'Good explanation.' });
    expect(journals.journals.get('Photosynthesis journal')?.content).toContain(
      'Plants turn light into sugar.',
    );
    expect(run.shown[0]).toMatchObject({ kind: 'markdown' });
    expect(JSON.stringify(run.shown[0])).toContain('Photosynthesis');
  });

  it('honours the learner steps a prompt names (a photo, a voice recording, a survey), each a block the player runs', async () => {
    const prompt = 'a lesson on leaves with a photo step, a voice recording and a short survey';
    const plan = planFlow(prompt);
    expect(plan.texts.standards_extraction).toContain('Asked for: a photo, a voice recording and a survey.');
    const r = repairFlow(plan.flow);
    if (!r.ok) throw new Error(r.reason);
    expect(r.notes).toEqual([]);
    expect(validateGraph(r.flow).ok).toBe(true);
    const types = r.flow.nodes.map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['imageInputNode', 'voiceInputNode', 'formNode']));
    expect(types).not.toContain('videoInputNode');
    // In the walk, after the learner's own explanation and before the feedback.
    const order = (t: string) => types.indexOf(t);
    expect(order('inputNode')).toBeLessThan(order('imageInputNode'));
    expect(order('formNode')).toBeLessThan(order('processNode'));
    expect(planFlow('a lesson on leaves').flow.nodes.map((n) => n.type)).not.toContain('imageInputNode');
  });

  it('with the offline provider, the generated quiz appears to the learner (the offline demo writes a quiz, not prose)', async () => {
    const r = repairFlow(planFlow(PROMPT).flow);
    if (!r.ok) throw new Error(r.reason);
    const offline = createOfflineProvider();
    const { options } = setup();
    // The runtime's AI port straight onto the offline provider, as the player's route and tasks call it.
    options.ports.ai = {
      stream: (req) =>
        offline.stream({
          messages: req.messages,
          task: { kind: 'flow-block', purpose: req.purpose, expects: req.expects },
        }),
    };
    const first = await startRun({ id: 'f1', ...r.flow }, options);
    const afterIntro = await resumeRun({ id: 'f1', ...r.flow }, first.state, { kind: 'continue' }, options);
    expect(afterIntro.waiting?.request.kind).toBe('quiz');
    const quiz = afterIntro.waiting?.request;
    if (quiz?.kind !== 'quiz') throw new Error('no quiz');
    expect(quiz.title).toContain(OFFLINE_LABEL);
    expect(quiz.questions).toHaveLength(3);
    expect(quiz.questions[0].options).toContain('photosynthesis');
  });
});
