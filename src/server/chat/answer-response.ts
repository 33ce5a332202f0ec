import type { Context } from 'hono';
import { CREDITS_CHANGED_HEADER } from '../../shared/contract/credits';
import { markCreditsChanged } from '../credits/credits.http';
import type { AppEnv } from '../http/context';
import { AppError } from '../http/errors';
import type { createChatAnswerService } from './chat-answer.service';
import { sseResponse } from './sse';

type PreparedAnswer = Awaited<ReturnType<ReturnType<typeof createChatAnswerService>['prepare']>>;
type AnswerOut = Awaited<ReturnType<PreparedAnswer['run']>>;

/**
 * Sends a prepared chat answer as POST /api/chat-with-ai does (spec 03 §7): server-sent events
 * (`content`, `reasoningContent`, then `done` or `error`, always `[DONE]`) or one JSON answer. Used by
 * the chat and by the routes that answer through its money path (the dashboard's panel). `asJson` shapes
 * the one JSON answer (the chat adds OpenAI's `choices`).
 */
export async function answerResponse(
  c: Context<AppEnv>,
  answer: PreparedAnswer,
  streamed: boolean,
  onCancel: () => void,
  asJson: (out: AnswerOut) => object = (out) => out,
): Promise<Response> {
  if (!streamed) {
    const out = await answer.run({ content: () => {}, reasoning: () => {} });
    if (answer.paid) markCreditsChanged(c);
    return c.json(asJson(out));
  }
  return sseResponse(
    async (send) => {
      try {
        const out = await answer.run({
          content: (text) => send({ content: text }),
          reasoning: (text) => send({ reasoningContent: text }),
        });
        send({ done: true, ...out });
      } catch (error) {
        const e = error instanceof AppError ? error : null;
        if (!e) c.get('log').error('chat stream failed', { error: String(error) });
        send({ error: { message: e?.message ?? 'Stream failed', errorCode: e?.code } });
      }
    },
    onCancel,
    answer.paid ? { [CREDITS_CHANGED_HEADER]: '1' } : {},
  );
}
