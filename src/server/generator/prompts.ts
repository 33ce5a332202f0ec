import type { TGenerationStage } from '../../shared/contract/generator';
import type { AiMessage } from '../adapters/ai/ai';
import { catalogueForPrompt } from './catalogue';

/**
 * What each stage asks a real model. Stages build on each other: every prompt carries the request and
 * what the earlier stages answered. The last two ask for JSON only; the flow answer is repaired and
 * checked with the shared link rules, and asked again when nothing usable came back.
 */
const SYSTEM = [
  'You are an instructional designer who builds learning flows for Flowlearn.',
  'A flow is a diagram of blocks joined by links. Learners walk it from the Start block along',
  '"statement" links (out → in); data links carry values (text, json, …) from an output handle to an input',
  'handle of the same data type, and a data input takes at most one link. Be concise.',
].join(' ');

const ASK: Record<TGenerationStage, string> = {
  standards_extraction:
    'List the learning standards and objectives this request implies, as 3 to 6 short bullet points.',
  thought_process:
    'Think through how to teach this in the time given: the sequence, the activities and how understanding is checked. One short paragraph.',
  instructional_design_export:
    'Write the instructional design as numbered steps, each with its duration in minutes and what the learner does.',
  widget_alignment: `Choose the blocks for each step, only from this catalogue. One line per step: "step → block types".\n${catalogueForPrompt()}`,
  researching:
    'Draft the content of every block you chose (texts, questions, rubrics, quiz questions). Answer with JSON only, no prose: {"widgets": [{"widgetId": "<block type>", "widgetDescription": "<what it does in this flow>", "draftContents": "<its content>"}]}',
  flow_generation: [
    'Build the flow from your design. Answer with JSON only, no prose:',
    '{"nodes": [{"id": "<short id>", "type": "<block type>", "data": {"label": "<title>", ...settings}}],',
    ' "edges": [{"source": "<id>", "sourceHandle": "<output handle id>", "target": "<id>", "targetHandle": "<input handle id>"}]}',
    'Rules: exactly one beginNode; a chain of statement links out → in from beginNode through every step;',
    'each block has at most one statement link out and one in; link data handles of the same type only;',
    "fill each block's settings in data with the drafted content. Use only these blocks:",
    catalogueForPrompt(),
  ].join('\n'),
};

/** Output tokens each stage may use (the hold per stage is priced on it). */
export const STAGE_MAX_TOKENS: Record<TGenerationStage, number> = {
  standards_extraction: 600,
  thought_process: 800,
  instructional_design_export: 1000,
  widget_alignment: 1000,
  researching: 3000,
  flow_generation: 4000,
};

/** Earlier answers are kept short in later prompts. */
const EARLIER_MAX = 3000;
const clip = (s: string) => (s.length > EARLIER_MAX ? `${s.slice(0, EARLIER_MAX)}…` : s);

export function stageMessages(
  stage: TGenerationStage,
  request: string,
  earlier: ReadonlyArray<{ stage: TGenerationStage; text: string }>,
): AiMessage[] {
  const context = earlier.map((e) => `## ${e.stage}\n${clip(e.text)}`).join('\n\n');
  const user = [`Request: ${request}`, context && `What you worked out so far:\n${context}`, ASK[stage]]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

/** The follow-up when the flow answer could not be used. */
export function reAsk(reason: string): AiMessage {
  const why =
    reason === 'not-json'
      ? 'it was not valid JSON'
      : reason === 'no-flow'
        ? 'it had no "nodes" list'
        : 'it had no step a learner can reach';
  return {
    role: 'user',
    content: `That answer could not be used: ${why}. Answer again with only the JSON object {"nodes": [...], "edges": [...]}, using only the catalogue's block types and handle ids.`,
  };
}
