import { createStore, get, set } from 'idb-keyval';
import { ApiError } from '../../shared/api/http';
import type { TLiveAnswerRequest } from '../../shared/contract/live';
import { playerLiveApi } from './live.api';

/**
 * A live answer on its way to the projector. The xAPI statements of the same answer go through the
 * player's outbox as every answer's do; this is the chart's copy. Without a network it waits on the
 * phone, in IndexedDB (a reload or a closed tab keeps it), and goes out when the phone is back
 * online or the lesson's page opens again (the server still takes it if the step is open then).
 */
export type TLiveSend = 'sent' | 'closed' | 'waiting';

type TWaitingAnswer = { assignmentId: string; body: TLiveAnswerRequest };
const KEY = 'waiting';
const store = typeof indexedDB === 'undefined' ? undefined : createStore('flowlearn-live-answers', 'answers');
// Without IndexedDB (a private window on some browsers) the page's memory is all there is.
let memory: TWaitingAnswer[] = [];
let listening = false;

const readWaiting = async (): Promise<TWaitingAnswer[]> =>
  store ? ((await get<TWaitingAnswer[]>(KEY, store).catch(() => undefined)) ?? memory) : memory;
const writeWaiting = async (list: TWaitingAnswer[]) => {
  memory = list;
  if (store) await set(KEY, list, store).catch(() => undefined);
};
/** One waiting answer per learner's step: a newer answer to the same step replaces the older. */
const sameStep = (a: TWaitingAnswer, b: TWaitingAnswer) =>
  a.assignmentId === b.assignmentId && a.body.sessionId === b.body.sessionId && a.body.step === b.body.step;

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
    const item = { assignmentId, body };
    await writeWaiting([...(await readWaiting()).filter((w) => !sameStep(w, item)), item]);
    if (!listening && typeof window !== 'undefined') {
      listening = true;
      window.addEventListener('online', () => void sendWaitingLiveAnswers());
    }
    return 'waiting';
  }
}

/** Sends what waits, oldest first; stops at the first network failure. A refused one is dropped. */
export async function sendWaitingLiveAnswers(): Promise<void> {
  const list = await readWaiting();
  let sent = 0;
  for (const head of list) {
    try {
      await playerLiveApi.answer(head.assignmentId, head.body);
    } catch (error) {
      if (!refusal(error)) break;
    }
    sent++;
  }
  if (sent === 0) return;
  // Answers added while these went out stay; only those handled here leave the list.
  const handled = new Set(list.slice(0, sent).map((w) => JSON.stringify(w)));
  await writeWaiting((await readWaiting()).filter((w) => !handled.has(JSON.stringify(w))));
}
