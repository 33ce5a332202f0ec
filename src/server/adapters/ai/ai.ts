import { AppError } from '../../http/errors';

/**
 * One interface for every AI model (ARCHITECTURE §1): an OpenAI-compatible API when AI_BASE_URL is
 * set, otherwise the offline provider. Used by tool naming, chat, processing nodes and the flow
 * generator; everything streams so that a caller can show partial text and abort.
 */
export type AiRole = 'system' | 'user' | 'assistant';

/** A part of a message with images (OpenAI's content parts); `url` is a data: or https: URL. */
export type AiContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

export interface AiMessage {
  role: AiRole;
  /** Plain text, or text and image parts (a user message with attached images). */
  content: string | AiContentPart[];
}

/** The text of a message's content (its text parts, one per line). */
export const textOf = (content: AiMessage['content']): string =>
  typeof content === 'string'
    ? content
    : content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');

/** Images in a message's content. */
export const imagesOf = (content: AiMessage['content']): number =>
  typeof content === 'string' ? 0 : content.filter((p) => p.type === 'image_url').length;

/** What a flow looks like to a model that names or describes it. */
export interface AiFlowSummary {
  name: string;
  description: string;
  /** Node types in the order they first appear in the flow. */
  nodeTypes: string[];
}

/**
 * What the request is for, beside its messages. A real model reads the messages; the offline
 * provider cannot understand free text, so it builds its useful answer from this instead.
 */
export type AiTask =
  | {
      kind: 'name-description';
      flows: AiFlowSummary[];
      /** What the flows make up: a tool (default) or an assignment. */
      subject?: 'tool' | 'assignment';
    }
  /** A flow block's call (the runtime's TAiRequest purpose): a block that parses JSON needs JSON. */
  | { kind: 'flow-block'; purpose: string; expects: 'text' | 'json' };

export interface AiRequest {
  /** The provider's default model when absent. */
  model?: string;
  messages: AiMessage[];
  signal?: AbortSignal;
  maxTokens?: number;
  task?: AiTask;
}

export type AiChunk =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  | { type: 'done' };

export interface AiProvider {
  /** 'offline' for the offline provider (the API reports it as `provider`). */
  readonly id: string;
  /** Shown in the UI, e.g. 'Offline demo — no AI model'. */
  readonly label: string;
  readonly offline: boolean;
  /** Yields text, reasoning and usage chunks, then one 'done'. Throws an AbortError when aborted. */
  stream(req: AiRequest): AsyncIterable<AiChunk>;
}

/** A provider failed (non-2xx answer, network, malformed stream): 502 to our caller. */
export class AiProviderError extends AppError {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super('AI_PROVIDER_ERROR', 502, message);
    this.name = 'AiProviderError';
  }
}

export interface AiCompletion {
  text: string;
  reasoning: string;
  usage: { inputTokens: number; outputTokens: number } | null;
}

/** Runs a request to its end and collects the text (for callers that need the whole answer). */
export async function complete(provider: AiProvider, req: AiRequest): Promise<AiCompletion> {
  const out: AiCompletion = { text: '', reasoning: '', usage: null };
  for await (const chunk of provider.stream(req)) {
    if (chunk.type === 'text') out.text += chunk.text;
    else if (chunk.type === 'reasoning') out.reasoning += chunk.text;
    else if (chunk.type === 'usage')
      out.usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
  }
  return out;
}

/** The error every provider throws when its signal fires, whatever reason the signal carries. */
export function abortError(): Error {
  return new DOMException('The AI request was aborted', 'AbortError');
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError');
