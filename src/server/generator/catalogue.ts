import { NODE_CATALOGUE, nodeSpec, type TNodeSpec } from '../../shared/domain/node-catalogue';
import { nodeSupport } from '../../shared/domain/runtime';

/**
 * The blocks a generated flow may use: placeable in any space (personal too) and run by the learner
 * player, so a generated flow always opens on the canvas and runs. Their handles and descriptions come
 * from the shared node catalogue; this file only adds the settings each block reads (the runtime's
 * README, "What a block reads"), so a model can fill them in.
 */
const SETTINGS: Readonly<Record<string, string>> = {
  beginNode: '(none)',
  textNode: 'text',
  displayNode: 'text (used when no text is linked)',
  htmlNode: 'html',
  inputNode: 'question, placeholder',
  imageInputNode: 'question',
  voiceInputNode: 'question',
  formNode: 'fields: [{id, label, multiline, required}]',
  quizJsonNode: 'quiz: {title, passScore, questions: [{id, question, options: [..], answer}]}, passScore',
  generateQuestionViaAiNode: 'topic, count',
  processNode: 'question, rubric, maxScore',
  simplePromptNode: 'prompt, instructions',
  promptNode: 'prompt, instructions',
  scenariosNode: 'prompt, instructions',
  multiTurnConversationNode: 'goal, passCriteria, maxTurns, opening',
  textMergeNode: 'separator',
  journalNode: 'journalName, content (used when no entry is linked)',
  readJournalNode: 'journalName',
  progressCheckpointNode: 'progress (percent)',
  waitNode: 'seconds',
  onlineVideoPlayerNode: 'url',
  conditionalNode: 'buttonText',
  branchingNode: 'question',
};

export const START_TYPE = 'beginNode';

/** May a generated flow contain this block? */
export function isGeneratable(type: string): boolean {
  const spec = nodeSpec(type);
  if (!spec || spec.disabled || spec.forcedDisabled || !spec.personalSpaceAllowed) return false;
  return nodeSupport(type) === 'runs';
}

/** The blocks offered to the model, in catalogue order. */
export const GENERATOR_BLOCKS: ReadonlyArray<TNodeSpec> = NODE_CATALOGUE.filter(
  (s) => Object.hasOwn(SETTINGS, s.type) && isGeneratable(s.type),
);

/** One line per block: type, what it does, its handles (id:type, in/out) and its settings. */
export function catalogueForPrompt(): string {
  return GENERATOR_BLOCKS.map((s) => {
    const handles = s.handles.map((h) => `${h.direction === 'input' ? 'in' : 'out'} ${h.handleId}:${h.type}`);
    return `- ${s.type} (${s.name}): ${s.description} Handles: ${handles.join(', ') || 'none'}. Settings in data: ${SETTINGS[s.type]}.`;
  }).join('\n');
}
