import { readSseData } from '../../shared/api/sse';

/**
 * Reads the chat stream (spec 03 §7): lines starting `data:`, ended by `[DONE]`. Pieces are read from
 * delta content, choices, content, text, message and reasoningContent, so an OpenAI-style stream reads
 * the same as ours. Malformed lines are skipped.
 */
export interface TStreamPiece {
  content?: string;
  reasoning?: string;
  /** Our final event: the saved answer's cost and ids. */
  done?: { cost: string; historyId: string | null; stopped: boolean; provider?: string };
  error?: { message: string; errorCode?: string };
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function pieceOf(data: unknown): TStreamPiece {
  if (!data || typeof data !== 'object') return {};
  const d = data as Obj;
  if (d.error && typeof d.error === 'object') {
    const e = d.error as Obj;
    return { error: { message: str(e.message) ?? 'Stream failed', errorCode: str(e.errorCode) } };
  }
  if (d.done === true) {
    return {
      done: {
        cost: str(d.cost) ?? '0',
        historyId: str(d.historyId) ?? null,
        stopped: d.stopped === true,
        // Which provider really answered (the server's own id): 'offline' when no AI model is set up.
        provider: str(d.provider),
      },
    };
  }
  const choice = Array.isArray(d.choices) ? (d.choices[0] as Obj | undefined) : undefined;
  const delta = (choice?.delta ?? undefined) as Obj | undefined;
  const message = (choice?.message ?? d.message) as Obj | string | undefined;
  const content =
    str(delta?.content) ??
    str(d.content) ??
    str(d.text) ??
    str(choice?.text) ??
    (typeof message === 'string' ? message : str(message?.content));
  const reasoning =
    str(d.reasoningContent) ??
    str(delta?.reasoning_content) ??
    str(delta?.reasoningContent) ??
    str(delta?.reasoning);
  const out: TStreamPiece = {};
  if (content) out.content = content;
  if (reasoning) out.reasoning = reasoning;
  return out;
}

/** Yields the pieces of an event-stream body until `[DONE]` or its end (the shared reader skips malformed lines). */
export async function* readStream(body: ReadableStream<Uint8Array>): AsyncGenerator<TStreamPiece> {
  for await (const data of readSseData(body)) yield pieceOf(data);
}
