import { describe, expect, it } from 'vitest';
import { OFFLINE_LABEL } from '../../../src/server/adapters/ai/offline';
import { minutesOf, planFlow, topicOf } from '../../../src/server/generator/planner';
import { repairFlow } from '../../../src/server/generator/repair';
import { ZCreateFlowRequest } from '../../../src/shared/contract/flows';
import { validateGraph } from '../../../src/shared/domain/link-rules';
import { jsonInputProvider, runHeadless } from '../../../src/shared/domain/runtime';
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
});
