import type { TLearnerAnswer, TWaiting } from './learner';
import type { TMediaPort } from './ports-media';
import type { TServerBlocksPort } from './server-blocks';
import { uuidFrom } from './uuid';
import type { TXapiStatement } from './xapi';

/**
 * Everything the runtime needs from outside comes through these ports, so one runtime runs in the
 * browser (the player) and on the server (automation tasks). A port may throw or reject: the runtime
 * catches it. AI, xAPI, journals and storage are optional: without them the blocks that need them
 * report a warning ('port-missing') and the walk goes on, which suits a preview with no account.
 */

export type TAiMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** What an AI block is doing; an offline provider can build a useful answer from it. */
export type TAiPurpose =
  | 'prompt'
  | 'feedback'
  | 'questions'
  | 'conversation-turn'
  | 'conversation-verdict'
  | 'route';

export type TAiRequest = {
  nodeId: string;
  nodeType: string;
  purpose: TAiPurpose;
  messages: TAiMessage[];
  /** 'json': the block parses a JSON answer (it still copes with prose around it). */
  expects: 'text' | 'json';
  /** The author's model choice (node data `model`), or the provider's default. */
  model?: string;
  /** Knowledge bank ids linked to the block, for the provider to retrieve from. */
  knowledgeBankIds?: string[];
  maxTokens?: number;
};

/** The same pieces as the server's AI adapter (AiChunk), so it adapts in one line. */
export type TAiPiece =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number; credits?: string }
  | { type: 'done' };

export interface TAiPort {
  /**
   * Streams the answer. The implementation charges credits (reserve → settle) around the call; it
   * throws an error carrying `errorCode` (e.g. UNIT_BALANCE_INSUFFICIENT) that the run reports.
   */
  stream(request: TAiRequest): AsyncIterable<TAiPiece>;
}

export interface TXapiPort {
  /** Sends (or queues, in the player's outbox) one complete statement. */
  emit(statement: TXapiStatement): Promise<void> | void;
}

export type TJournal = { name: string; content: string; updatedAt?: string };

/**
 * Which journal of a name: the learner's own (default), or with collaborative the one shared by the
 * assignment's learners (a block's "Shared with the class"; spec 02 §3 Collaborative journal).
 */
export type TJournalScope = { collaborative?: boolean };

export interface TJournalPort {
  read(name: string, scope?: TJournalScope): Promise<TJournal | null>;
  /** Creates the learner's (or the shared) journal of that name, or replaces its content. */
  write(
    name: string,
    content: string,
    meta: { nodeId: string; nodeType: string } & TJournalScope,
  ): Promise<void>;
  /** Changes an existing journal; resolves false when there is none of that name. */
  update(name: string, content: string, mode: 'append' | 'replace', scope?: TJournalScope): Promise<boolean>;
}

export interface TStoragePort {
  /** A stored file key (as authors' blocks keep them) → an address the renderer can load; URLs pass through. */
  mediaUrl(ref: string): string;
  /** The text of a stored document (a PDF), when the host can extract it. */
  documentText?(url: string): Promise<string | null>;
}

/** What an xAPI Report / Retrieval block asks the LRS for (its settings; the host adds who and where). */
export type TLrsQuery = { verb?: string; activity?: string; since?: string; limit: number };

export interface TLrsPort {
  /**
   * The learner's own statements in the space's LRS, newest first, filtered as asked. The host scopes
   * them to the run's learner and space: a block can never read another learner's record.
   */
  query(query: TLrsQuery): Promise<TXapiStatement[]>;
}

export interface TClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Headless runs wait with it (Wait block); without it they skip the wait and say so. */
  sleep?(ms: number): Promise<void>;
}

export interface TRandomPort {
  /** A number in [0, 1). */
  next(): number;
  /** A version-4 UUID (statement ids, the UUID block). */
  uuid(): string;
}

/**
 * Headless runs (automation tasks): answers the requests a learner would, from the task's input JSON.
 * Returns undefined when the input has no value for it: the run then fails with 'answer-required'.
 */
export interface TInputProvider {
  answer(waiting: TWaiting, attempt: number): TLearnerAnswer | undefined;
}

export type TRuntimePorts = {
  ai?: TAiPort;
  /** Speech, transcription, images, vision, video, YouTube transcripts (ports-media.ts). */
  media?: TMediaPort;
  xapi?: TXapiPort;
  journals?: TJournalPort;
  storage?: TStoragePort;
  lrs?: TLrsPort;
  /** API Call, Web Search, Web Crawler: run by the server (server-blocks.ts). */
  serverBlocks?: TServerBlocksPort;
  clock: TClockPort;
  random: TRandomPort;
};

/** Deterministic randomness (mulberry32) for tests and reproducible headless runs. */
export function seededRandom(seed: number): TRandomPort {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, uuid: () => uuidFrom(next) };
}

/** A clock that only moves when told (tests); sleep advances it instead of waiting. */
export function manualClock(start: number): TClockPort & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    sleep: async (ms) => {
      now += ms;
    },
  };
}
