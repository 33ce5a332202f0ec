import type { AiFlowSummary } from './ai';

/**
 * Names and describes a bundle of flows without a model: deterministic, and built only from what
 * the flows say about themselves (their names and the node types they use).
 */

/** What a learner does (or gets) when a flow uses the node type; the key is the node type. */
const NODE_PHRASES: Record<string, string> = {
  voiceInputNode: 'answer by voice',
  audioInputNode: 'record audio answers',
  inputNode: 'type their answers',
  imageInputNode: 'upload images',
  videoInputNode: 'record videos',
  whiteboardNode: 'sketch on a whiteboard',
  formNode: 'fill in forms',
  quizJsonNode: 'take a quiz',
  h5pNode: 'play interactive H5P activities',
  processNode: 'get AI feedback',
  promptNode: 'get AI responses',
  simplePromptNode: 'get AI responses',
  generateQuestionViaAiNode: 'answer AI-generated questions',
  multiTurnConversationNode: 'hold a conversation with AI',
  voiceConversationNode: 'talk with an AI voice partner',
  knowledgeBotNode: 'ask a knowledge bot',
  floatingKnowledgeBotNode: 'ask a knowledge bot',
  scenariosNode: 'work through scenarios',
  transcribeSpeechNode: 'have their speech transcribed',
  textToSpeechNode: 'hear text read aloud',
  textToSpeechStreamingNode: 'hear text read aloud',
  generateImageNode: 'see AI-generated images',
  describeImageNode: 'get images described by AI',
  describeVideoNode: 'get videos described by AI',
  generateVideoNode: 'see AI-generated videos',
  onlineVideoPlayerNode: 'watch videos',
  pdfDisplayNode: 'read documents',
  displayNode: 'read content',
  htmlNode: 'read content',
  audioNode: 'listen to audio',
  soundNode: 'listen to audio',
  imageNode: 'look at images',
  displayImageNode: 'look at images',
  journalNode: 'keep a journal',
  updateJournalNode: 'keep a journal',
  webSearchNode: 'search the web',
  branchingNode: 'follow paths that adapt to their answers',
  multiTurnRouterNode: 'follow paths that adapt to their answers',
  findWordNode: 'follow paths that adapt to their answers',
  progressCheckpointNode: 'track their progress',
  xAPINode: 'have their progress recorded',
  sendCustomXapiNode: 'have their progress recorded',
  powerpointNode: 'get slides',
  pdfFromTemplateNode: 'get a PDF report',
  documentDownloadNode: 'download documents',
};

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'by',
  'at',
  'or',
  'flow',
]);
const MAX_LISTED = 3;
/** What is being named: a tool (default) or an assignment, which bundle flows alike. */
export type NamingSubject = 'tool' | 'assignment';
const WORDS: Record<NamingSubject, { title: string; intro: string }> = {
  tool: { title: 'Toolkit', intro: 'A toolkit' },
  assignment: { title: 'Assignment', intro: 'An assignment' },
};
const NAME_MAX = 120;
const DESCRIPTION_MAX = 600;

/** The phrases of a flow's node types, once each, in the order the nodes first appear. */
export function flowActivities(nodeTypes: string[]): string[] {
  const phrases = nodeTypes.map((t) => NODE_PHRASES[t]).filter((p): p is string => Boolean(p));
  return [...new Set(phrases)];
}

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const words = (name: string) => name.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** Words every flow name shares (case-insensitive), in the first name's order and casing. */
function commonWords(flows: AiFlowSummary[]): string[] {
  const [first, ...rest] = flows.map((f) => words(f.name));
  if (!first) return [];
  const others = rest.map((w) => new Set(w.map((x) => x.toLowerCase())));
  const seen = new Set<string>();
  return first.filter((w) => {
    const key = w.toLowerCase();
    if (STOP_WORDS.has(key) || seen.has(key) || !others.every((set) => set.has(key))) return false;
    seen.add(key);
    return true;
  });
}

export function offlineToolName(flows: AiFlowSummary[], subject: NamingSubject = 'tool'): string {
  const { title } = WORDS[subject];
  const names = flows.map((f) => f.name.trim() || 'Untitled');
  if (names.length === 1) return clip(names[0], NAME_MAX);
  const common = commonWords(flows);
  if (common.length) return clip(`${common.join(' ')} ${title}`, NAME_MAX);
  const listed = names.slice(0, MAX_LISTED).join(', ');
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : '';
  return clip(`${title}: ${listed}${more}`, NAME_MAX);
}

const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const nameOf = (flow: AiFlowSummary) => flow.name.trim() || 'Untitled';

/** "a, b and 2 more" for a list of flow names. */
function namesPhrase(names: string[]): string {
  if (names.length <= MAX_LISTED) return listPhrase(names);
  return `${names.slice(0, MAX_LISTED).join(', ')} and ${names.length - MAX_LISTED} more`;
}

export function offlineToolDescription(flows: AiFlowSummary[], subject: NamingSubject = 'tool'): string {
  if (flows.length === 1) {
    const [flow] = flows;
    const activities = flowActivities(flow.nodeTypes);
    const own = flow.description.trim();
    const does = activities.length ? `Learners ${listPhrase(activities.slice(0, 4))}.` : '';
    const text = [does, own && sentence(own)].filter(Boolean).join(' ');
    return clip(text || 'A learning flow.', DESCRIPTION_MAX);
  }
  // Flows that do the same things are described once: "In A, B and C, learners read content."
  const groups = new Map<string, string[]>();
  for (const flow of flows) {
    const activities = flowActivities(flow.nodeTypes).slice(0, 4);
    const own = flow.description.trim();
    const key = activities.length ? `learners ${listPhrase(activities)}` : own ? `: ${sentence(own)}` : '';
    groups.set(key, [...(groups.get(key) ?? []), nameOf(flow)]);
  }
  const parts = [...groups].flatMap(([key, names]) => {
    if (key.startsWith('learners')) return [`In ${namesPhrase(names)}, ${key}.`];
    return key ? [`${namesPhrase(names)}${key}`] : [];
  });
  const intro = `${WORDS[subject].intro} of ${flows.length} flows`;
  const body = parts.length ? `${intro}. ${parts.join(' ')}` : `${intro}: ${namesPhrase(flows.map(nameOf))}.`;
  return clip(body, DESCRIPTION_MAX);
}
