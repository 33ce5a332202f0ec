import { liveStepNodes } from './follow';

type TStepTextFlow = {
  nodes: ReadonlyArray<{ id: string; type?: string; data?: Record<string, unknown> }>;
  edges: ReadonlyArray<{ source: string; target: string }>;
};

const MAX = 280;

const firstText = (...values: unknown[]): string => {
  for (const v of values) if (typeof v === 'string' && v.trim()) return v.trim();
  return '';
};

/**
 * What the projector shows of the teacher's step: the block's label and what the class reads there
 * (a question, a quiz's first question, a text or a prompt), cut to a projector's few lines. Null
 * when the step is past the flow's blocks (the flow changed since the lesson started).
 */
export function liveStepText(flow: TStepTextFlow, step: number): { label: string; text: string } | null {
  const id = liveStepNodes(flow)[step];
  const node = id ? flow.nodes.find((n) => n.id === id) : undefined;
  if (!node) return null;
  const data = node.data ?? {};
  // A quiz as a bare list of questions or as { questions: [...] }, as the Quiz block reads it.
  const own = data.quiz as { questions?: unknown } | undefined;
  const list = Array.isArray(own) ? own : Array.isArray(own?.questions) ? own.questions : [];
  const quiz = list[0] as Record<string, unknown> | undefined;
  const text = firstText(data.question, quiz?.question, data.text, data.prompt);
  const label = firstText(data.label);
  return { label, text: text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text };
}
