import { type AiChunk, type AiProvider, type AiRequest, abortError, textOf } from './ai';
import { OFFLINE_LABEL } from './offline-label';
import { offlineToolDescription, offlineToolName } from './offline-naming';
import { offlineQuiz } from './offline-runtime';

export { OFFLINE_LABEL };

const ECHO_MAX = 200;

/**
 * The provider used when no AI model is configured. It never pretends to be a model: free text gets
 * a clearly labelled placeholder that repeats what it received; tasks it knows (naming a tool)
 * get a real, deterministic answer built from the data the task carries.
 */
export function createOfflineProvider(): AiProvider {
  async function* stream(req: AiRequest): AsyncGenerator<AiChunk> {
    const text = answer(req);
    for (const piece of pieces(text)) {
      if (req.signal?.aborted) throw abortError();
      yield { type: 'text', text: piece };
    }
    if (req.signal?.aborted) throw abortError();
    const input = req.messages.reduce((n, m) => n + estimateTokens(textOf(m.content)), 0);
    yield { type: 'usage', inputTokens: input, outputTokens: estimateTokens(text) };
    yield { type: 'done' };
  }
  return { id: 'offline', label: OFFLINE_LABEL, offline: true, stream };
}

function answer(req: AiRequest): string {
  if (req.task?.kind === 'name-description') {
    const { flows, subject } = req.task;
    return JSON.stringify({
      name: offlineToolName(flows, subject),
      description: offlineToolDescription(flows, subject),
    });
  }
  const last = [...req.messages].reverse().find((m) => m.role === 'user');
  if (req.task?.kind === 'flow-block' && req.task.purpose === 'questions') {
    const system = req.messages.find((m) => m.role === 'system');
    return offlineQuiz(textOf(system?.content ?? ''), textOf(last?.content ?? ''));
  }
  const said = textOf(last?.content ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const lines = [
    `[${OFFLINE_LABEL}]`,
    'No AI model is connected to this server, so this is not a real answer.',
  ];
  if (said) {
    const shown = said.length > ECHO_MAX ? `${said.slice(0, ECHO_MAX - 1).trimEnd()}…` : said;
    const wordCount = said.split(' ').length;
    const verb = said.endsWith('?') ? 'asked' : 'wrote';
    lines.push(`You ${verb} (${wordCount} ${wordCount === 1 ? 'word' : 'words'}): “${shown}”`);
  } else {
    lines.push('Your message was empty.');
  }
  lines.push('An administrator can connect a model by setting AI_BASE_URL (and AI_API_KEY) on the server.');
  return lines.join('\n');
}

/** Word-sized pieces, so that callers exercise the same streaming path as with a real model. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** About four characters a token, the usual rule of thumb; never zero for non-empty text. */
function estimateTokens(text: string): number {
  return text ? Math.max(1, Math.ceil(text.length / 4)) : 0;
}
