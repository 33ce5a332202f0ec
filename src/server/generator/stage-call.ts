import { type AiMessage, type AiProvider, isAbortError } from '../adapters/ai/ai';
import { boundFor, costOf } from '../credits/ai-usage';
import type { CreditsService, TReservation, TWalletOwner } from '../credits/credits.service';

/**
 * One model call of a generation stage, paid through the one credits service the way chat pays:
 * an upper bound (prompt + the stage's output cap) is held before the call, the real cost is settled
 * after it and the rest is freed. A call stopped by the user settles what was streamed so far; a
 * failed call releases its hold.
 */
export interface StageCallOptions {
  ai: AiProvider;
  credits: CreditsService;
  payer: TWalletOwner;
  /** The priced model code (null: free, e.g. the offline provider). */
  priced: string | null;
  providerModel: string | undefined;
  runId: string;
  by: string;
  signal: AbortSignal;
}

export interface StageAnswer {
  text: string;
  charged: bigint;
  /** The user stopped it; `text` is what arrived before. */
  stopped: boolean;
}

export function createStageCaller(opts: StageCallOptions) {
  let calls = 0;

  /** Holds the bound of a call (before its stream starts, so a credit error is an ordinary HTTP error). */
  async function hold(messages: AiMessage[], maxTokens: number): Promise<TReservation | null> {
    const upTo = boundFor(opts.priced, messages, maxTokens);
    if (upTo <= 0n) return null;
    return opts.credits.reserve({
      payer: opts.payer,
      upTo,
      reference: `generator:${opts.runId}`,
      idempotencyKey: `generator:${opts.runId}:${calls++}`,
      by: opts.by,
    });
  }

  async function call(
    messages: AiMessage[],
    maxTokens: number,
    onText: (piece: string) => void,
    held?: TReservation | null,
  ): Promise<StageAnswer> {
    const reservation = held === undefined ? await hold(messages, maxTokens) : held;
    let text = '';
    let reasoning = '';
    let usage: { inputTokens: number; outputTokens: number } | null = null;
    let stopped = false;
    try {
      const stream = opts.ai.stream({ model: opts.providerModel, messages, maxTokens, signal: opts.signal });
      for await (const chunk of stream) {
        if (chunk.type === 'text') {
          text += chunk.text;
          onText(chunk.text);
        } else if (chunk.type === 'reasoning') reasoning += chunk.text;
        else if (chunk.type === 'usage')
          usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
      }
    } catch (error) {
      if (!isAbortError(error) || !opts.signal.aborted) {
        if (reservation) await opts.credits.release(reservation.id).catch(() => undefined);
        throw error;
      }
      stopped = true;
    }
    let charged = 0n;
    if (reservation) {
      const cost = costOf(opts.priced, messages, { text, reasoning, usage });
      charged = (await opts.credits.settle(reservation.id, cost)).charged;
    }
    return { text, charged, stopped };
  }

  return { hold, call };
}
