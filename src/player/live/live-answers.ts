import { ApiError } from '../../shared/api/http';
import type { TLiveAnswerRequest } from '../../shared/contract/live';
import { playerLiveApi } from './live.api';

/**
 * A live answer on its way to the projector. The xAPI statements of the same answer go through the
 * player's outbox as every answer's do; this is the chart's copy. Without a network it waits here and
 * goes out when the phone is back online (the server still takes it if the step is open then).
 */
export type TLiveSend = 'sent' | 'closed' | 'waiting';

type TWaitingAnswer = { assignmentId: string; body: TLiveAnswerRequest };
const waiting: TWaitingAnswer[] = [];
let listening = false;

const refusal = (error: unknown) =>
  error instanceof ApiError &&
  error.kind === 'http' &&
  (error.status ?? 0) < 500 &&
  (error.status ?? 0) !== 401;

/** `closed`: the server refused it (the step closed, the lesson ended): the screen says so. */
export async function sendLiveAnswer(assignmentId: string, body: TLiveAnswerRequest): Promise<TLiveSend> {
  try {
    await playerLiveApi.answer(assignmentId, body);
    return 'sent';
  } catch (error) {
    // LIVE_STEP_CLOSED, LIVE_ENDED, or no longer a member: the answer will never land.
    if (refusal(error)) return 'closed';
    waiting.push({ assignmentId, body });
    if (!listening) {
      listening = true;
      window.addEventListener('online', () => void sendWaitingLiveAnswers());
    }
    return 'waiting';
  }
}

/** Sends what waits, oldest first; stops at the first network failure. A refused one is dropped. */
export async function sendWaitingLiveAnswers(): Promise<void> {
  while (waiting.length) {
    const head = waiting[0];
    try {
      await playerLiveApi.answer(head.assignmentId, head.body);
    } catch (error) {
      if (!refusal(error)) return;
    }
    waiting.shift();
  }
}
