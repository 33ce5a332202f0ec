import type { TGenerationStage, TResearchedWidget } from '../../shared/contract/generator';
import { nodeSpec } from '../../shared/domain/node-catalogue';
import { OFFLINE_LABEL } from '../adapters/ai/offline';
import { askedSteps } from './planner-steps';

/**
 * The offline planner: with no AI model connected, the generator still builds a sensible flow from the
 * prompt, deterministically (Start, content, an optional AI-written quiz, a question, AI feedback on the
 * answer, a journal entry). Every stage's text says it is the offline demo. The plan is a "model
 * answer" like any other: it goes through the same repair, link rules and layout.
 */
export interface TPlan {
  topic: string;
  minutes: number;
  quiz: boolean;
  texts: Record<TGenerationStage, string>;
  widgets: TResearchedWidget[];
  flow: { nodes: Array<{ id: string; type: string; data: Record<string, unknown> }>; edges: unknown[] };
}

const DEFAULT_MINUTES = 20;
const TOPIC_MAX = 80;

/** "a 20-minute lesson on photosynthesis with a quiz" → "photosynthesis". */
export function topicOf(prompt: string): string {
  const text = prompt.replace(/\s+/g, ' ').trim();
  const about =
    /\b(?:on|about|of|covering|into)\s+(.+?)(?=\s+(?:with|for|that|including|using|and then)\b|[,.;:!?]|$)/i.exec(
      text,
    );
  const topic = (about?.[1] ?? text).replace(/^(?:the|a|an)\s+/i, '').trim() || 'your topic';
  return topic.length > TOPIC_MAX ? `${topic.slice(0, TOPIC_MAX - 1).trimEnd()}…` : topic;
}

export function minutesOf(prompt: string): number {
  const m = /(\d{1,3})\s*-?\s*(?:minutes?|mins?)\b/i.exec(prompt);
  const n = m ? Number(m[1]) : DEFAULT_MINUTES;
  return n >= 5 && n <= 240 ? n : DEFAULT_MINUTES;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function planFlow(prompt: string): TPlan {
  const topic = topicOf(prompt);
  const minutes = minutesOf(prompt);
  const quiz = /\b(quiz|test|questions?|check)\b/i.test(prompt);
  const Topic = capital(topic);
  const share = (p: number) => Math.max(1, Math.round((minutes * p) / 100));
  const question = `In your own words, explain ${topic}. Give one example.`;
  const intro = [
    `# ${Topic}`,
    '',
    `In the next ${minutes} minutes you will learn what ${topic} is, check what you understood, explain it in your own words and get feedback.`,
    '',
    `_${OFFLINE_LABEL}: this flow was built by the offline planner. Replace this text with your own content about ${topic}._`,
  ].join('\n');
  const nodes: TPlan['flow']['nodes'] = [
    { id: 'start', type: 'beginNode', data: { label: 'Start' } },
    { id: 'intro-text', type: 'textNode', data: { label: `${Topic}: introduction`, text: intro } },
    { id: 'intro', type: 'displayNode', data: { label: 'Introduction' } },
  ];
  const edges: Array<Record<string, string>> = [
    { source: 'start', sourceHandle: 'out', target: 'intro', targetHandle: 'in' },
    { source: 'intro-text', sourceHandle: 'text', target: 'intro', targetHandle: 'text' },
  ];
  let last = 'intro';
  const step = (id: string) => {
    edges.push({ source: last, sourceHandle: 'out', target: id, targetHandle: 'in' });
    last = id;
  };
  if (quiz) {
    nodes.push(
      {
        id: 'questions',
        type: 'generateQuestionViaAiNode',
        data: { label: 'Quiz questions', topic, count: 3 },
      },
      { id: 'quiz', type: 'quizJsonNode', data: { label: `${Topic} quiz`, passScore: 2 } },
    );
    step('questions');
    step('quiz');
    edges.push({ source: 'questions', sourceHandle: 'quiz', target: 'quiz', targetHandle: 'quiz' });
  }
  const asked = askedSteps(prompt, topic);
  const rubric = `Full marks for a correct explanation of ${topic} in the learner's own words with a fitting example; part marks for a partly correct one.`;
  nodes.push(
    {
      id: 'question',
      type: 'inputNode',
      data: { label: 'Explain it', question, placeholder: 'Type your answer' },
    },
    ...asked.map((a) => ({ id: a.id, type: a.type, data: a.data })),
    { id: 'feedback', type: 'processNode', data: { label: 'AI feedback', question, rubric, maxScore: 10 } },
    { id: 'show-feedback', type: 'displayNode', data: { label: 'Your feedback' } },
    { id: 'journal', type: 'journalNode', data: { label: 'Journal', journalName: `${Topic} journal` } },
  );
  for (const id of ['question', ...asked.map((a) => a.id), 'feedback', 'show-feedback', 'journal']) step(id);
  edges.push(
    { source: 'question', sourceHandle: 'text', target: 'feedback', targetHandle: 'response' },
    { source: 'feedback', sourceHandle: 'feedback', target: 'show-feedback', targetHandle: 'text' },
    { source: 'question', sourceHandle: 'text', target: 'journal', targetHandle: 'entry' },
  );
  const widgets: TResearchedWidget[] = nodes
    .filter((n) => n.type !== 'beginNode')
    .map((n) => ({
      widgetId: n.type,
      widgetDescription: `${nodeSpec(n.type)?.name ?? n.type}: ${String(n.data.label)}`,
      draftContents: String(n.data.text ?? n.data.question ?? n.data.topic ?? n.data.journalName ?? ''),
    }));
  const named = [
    quiz && 'a quiz',
    ...asked.map((a) => a.kind),
    /feedback/i.test(prompt) && 'feedback',
  ].filter((k): k is string => !!k);
  const askedFor =
    named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
  const steps = [
    `Introduction to ${topic} (${share(20)} min): read a short text.`,
    ...(quiz ? [`Quiz (${share(30)} min): three questions written by AI on ${topic}.`] : []),
    `Explain it (${share(30)} min): the learner explains ${topic} in their own words.`,
    ...asked.map((a) => a.says),
    `Feedback and journal (${share(20)} min): AI marks the answer out of 10, and the answer is kept in the learner's journal.`,
  ].map((s, i) => `${i + 1}. ${s}`);
  const texts: Record<TGenerationStage, string> = {
    standards_extraction: [
      `[${OFFLINE_LABEL}] No AI model is connected to this server, so a built-in planner designs this flow from your words.`,
      `Topic: ${topic}. Length: about ${minutes} minutes.${askedFor ? ` Asked for: ${askedFor}.` : ''}`,
      'Learning goals:',
      `- Describe ${topic} accurately.`,
      `- Explain ${topic} in your own words with an example.`,
      '- Reflect on what was learned.',
    ].join('\n'),
    thought_process: `Learners meet the idea first, then ${quiz ? 'check their understanding with a short quiz, then ' : ''}explain it themselves: explaining shows what they really understood, and AI feedback tells them what to improve. Their answer goes into a journal so they can come back to it.`,
    instructional_design_export: steps.join('\n'),
    widget_alignment: widgets.map((w) => `- ${w.widgetDescription} (${w.widgetId})`).join('\n'),
    researching: `Drafted the content of ${widgets.length} blocks: the introduction, ${quiz ? 'the quiz topic, ' : ''}the question, the feedback rubric and the journal.`,
    flow_generation: `Built a flow of ${nodes.length} blocks and ${edges.length} links; every link passes the link rules.`,
  };
  return { topic, minutes, quiz, texts, widgets, flow: { nodes, edges } };
}
