import { sql } from 'drizzle-orm';
import type { TLiveEvent } from '../../shared/contract/live';
import type { Database } from '../db/client';
import type { Listener } from '../db/listen';

/**
 * The live sessions' events, fanned out to every server of the deployment (ARCHITECTURE §10): on
 * PostgreSQL each event is a NOTIFY on one channel that every server LISTENs to, and each server hands
 * it to its own streams of that session; a server's own events come back to it the same way, so every
 * stream sees one order. PGlite is one process's database: an in-process emitter does the same.
 * `resync` tells a stream that events may have been missed (the LISTEN connection dropped): it sends
 * the current state again.
 */
export type LiveBusEvent = TLiveEvent | { type: 'resync' };
type Handler = (event: LiveBusEvent) => void;

export interface LiveBus {
  publish(sessionId: string, event: TLiveEvent): Promise<void>;
  /** Resolves once events of the session reach `handler` (LISTEN is in place on PostgreSQL). */
  subscribe(sessionId: string, handler: Handler): Promise<() => void>;
}

export const LIVE_CHANNEL = 'flowlearn_live';
/** NOTIFY payloads must stay under 8000 bytes: a long answer travels shortened (the results route has it whole). */
const MAX_PAYLOAD = 7800;
const SHORT_TEXT = 300;

const buses = new WeakMap<Database, LiveBus>();

/** One bus per database handle, shared by every route of the app built on it. */
export function liveBusOf(database: Database): LiveBus {
  let bus = buses.get(database);
  if (!bus) {
    bus = createLiveBus(database);
    buses.set(database, bus);
  }
  return bus;
}

type TAnswer = Extract<TLiveEvent, { type: 'answer' }>['answer'];
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** An answer with every text and label cut to `max` characters (a quiz's too, question by question). */
function shortened(answer: TAnswer, max: number): TAnswer {
  const one = (a: { choices: string[] } | { text: string }) =>
    'text' in a ? { text: cut(a.text, max) } : { choices: a.choices.map((c) => cut(c, max)) };
  return 'questions' in answer ? { questions: answer.questions.map((a) => a && one(a)) } : one(answer);
}

function encode(sessionId: string, event: TLiveEvent): string {
  const whole = JSON.stringify({ s: sessionId, e: event });
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD || event.type !== 'answer') return whole;
  // Shorter and shorter until it fits (a long quiz of long texts): the results route has it whole.
  let short = whole;
  for (const max of [SHORT_TEXT, 60, 12]) {
    short = JSON.stringify({ s: sessionId, e: { ...event, answer: shortened(event.answer, max) } });
    if (Buffer.byteLength(short) <= MAX_PAYLOAD) break;
  }
  return short;
}

function createLiveBus(database: Database): LiveBus {
  const handlers = new Map<string, Set<Handler>>();
  const deliver = (sessionId: string, event: LiveBusEvent) => {
    for (const h of handlers.get(sessionId) ?? []) h(event);
  };
  const listen = database.listen;
  let listening: Promise<Listener> | null = null;
  const ensureListening = () => {
    if (!listen) return Promise.resolve();
    let ready = false;
    listening ??= listen(
      LIVE_CHANNEL,
      (payload) => {
        try {
          const { s, e } = JSON.parse(payload) as { s: string; e: TLiveEvent };
          deliver(s, e);
        } catch {
          // Not ours: the channel is the app's, but a stray NOTIFY must not stop the others.
        }
      },
      () => {
        if (ready) for (const id of handlers.keys()) deliver(id, { type: 'resync' });
        ready = true;
      },
    ).catch((error) => {
      listening = null;
      throw error;
    });
    return listening;
  };

  return {
    async publish(sessionId, event) {
      if (!listen) {
        deliver(sessionId, event);
        return;
      }
      await database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encode(sessionId, event)})`);
    },
    async subscribe(sessionId, handler) {
      let set = handlers.get(sessionId);
      if (!set) {
        set = new Set();
        handlers.set(sessionId, set);
      }
      set.add(handler);
      await ensureListening();
      return () => {
        const now = handlers.get(sessionId);
        now?.delete(handler);
        if (now?.size === 0) handlers.delete(sessionId);
      };
    },
  };
}
