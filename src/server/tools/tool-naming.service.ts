import type { TGenerateNameResponse } from '../../shared/contract/tools';
import { newId } from '../../shared/domain/ids';
import {
  type AiFlowSummary,
  type AiMessage,
  AiProviderError,
  complete,
  isAbortError,
} from '../adapters/ai/ai';
import { boundFor, costOf, modelOf } from '../credits/ai-usage';
import { createCreditsService } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import type { Caller } from './caller';
import type { ToolsService } from './tools.service';

const TIMEOUT_MS = 60_000;
const NAME_MAX = 120;
const DESCRIPTION_MAX = 2000;
const NODE_TYPES_SHOWN = 30;

const SUBJECT_INTRO = {
  tool: 'You name learning tools for teachers. A tool bundles one or more learning flows.',
  assignment:
    'You name assignments that teachers give to a class. An assignment bundles one or more learning flows.',
} as const;
type Subject = keyof typeof SUBJECT_INTRO;

const systemPrompt = (subject: Subject) =>
  [
    SUBJECT_INTRO[subject],
    'Answer with JSON only, no other text: {"name": "...", "description": "..."}.',
    'The name: at most 60 characters, specific, no quotes. The description: one or two sentences',
    `(at most 300 characters) telling a teacher what learners do with the ${subject}.`,
    'Write in the language of the flow names.',
  ].join(' ');

function userPrompt(flows: AiFlowSummary[], subject: Subject): string {
  const lines = flows.map((f, i) => {
    const types = f.nodeTypes.slice(0, NODE_TYPES_SHOWN).join(', ') || 'none';
    const about = f.description.trim() ? `\n   Description: ${f.description.trim()}` : '';
    return `${i + 1}. Name: ${f.name}${about}\n   Node types: ${types}`;
  });
  return `Flows in the ${subject}:\n${lines.join('\n')}`;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
const unquote = (line: string) =>
  line
    .replace(/^[#*\s-]*(name|description)\s*[:：]\s*/i, '')
    .replace(/^["'“*]+|["'”*]+$/g, '')
    .trim();

/** The model's answer: JSON as asked (possibly inside a code fence), else "name line, description lines". */
export function parseNameDescription(text: string): { name: string; description: string } | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const value = JSON.parse(text.slice(start, end + 1)) as { name?: unknown; description?: unknown };
      if (typeof value.name === 'string' && value.name.trim()) {
        const description = typeof value.description === 'string' ? value.description.trim() : '';
        return { name: value.name.trim(), description };
      }
    } catch {
      // not JSON after all: read it as lines
    }
  }
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('```'));
  const name = unquote(lines[0] ?? '');
  if (!name) return null;
  return { name, description: lines.slice(1).map(unquote).join(' ').trim() };
}

/** POST /api/tool/generate-name-description: a name and description for the chosen flows. */
export function createToolNamingService(deps: AppDeps, tools: ToolsService) {
  const credits = createCreditsService(deps);
  return {
    /**
     * Paid like any AI call: the space's wallet (personal, or the organisation's) holds
     * the most the call can cost, then pays what the model reports. `charged` says whether it did.
     * `subject` 'assignment' when the assignment wizard asks (POST /api/assignment/generate-name-description).
     */
    async generate(
      caller: Caller,
      flowIds: string[],
      signal?: AbortSignal,
      subject: Subject = 'tool',
    ): Promise<TGenerateNameResponse & { charged: boolean }> {
      const flows = await tools.requireUsableFlows(caller, flowIds);
      const summaries = flows.map((f) => ({
        name: f.name,
        description: f.description,
        nodeTypes: f.nodeTypes,
      }));
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      const messages: AiMessage[] = [
        { role: 'system', content: systemPrompt(subject) },
        { role: 'user', content: userPrompt(summaries, subject) },
      ];
      const model = modelOf(deps.ai, undefined, deps.env.AI_MODEL);
      const upTo = boundFor(model, messages);
      const ask = async () => {
        const task = { kind: 'name-description' as const, flows: summaries, subject };
        const answer = await complete(deps.ai, {
          messages,
          task,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        return { result: answer.text, actual: costOf(model, messages, answer) };
      };
      let text: string;
      let charged = 0n;
      try {
        if (upTo === 0n) text = (await ask()).result;
        else {
          const payer = credits.payerForSpace(caller, caller.userId);
          const key = `tool-naming:${newId()}`;
          const paid = await credits.withReservation(
            { payer, upTo, reference: `${subject}:name-description`, idempotencyKey: key, by: caller.userId },
            ask,
          );
          text = paid.result;
          charged = paid.charged;
        }
      } catch (error) {
        if (!isAbortError(error)) throw error;
        throw new AiProviderError(
          timeout.aborted
            ? `AI provider error: no answer within ${TIMEOUT_MS / 1000} s`
            : 'The request was cancelled',
        );
      }
      const parsed = parseNameDescription(text);
      if (!parsed) throw new AiProviderError('AI provider error: the model returned no name');
      return {
        name: clip(parsed.name, NAME_MAX),
        description: clip(parsed.description, DESCRIPTION_MAX),
        provider: deps.ai.id,
        charged: charged > 0n,
      };
    },
  };
}
