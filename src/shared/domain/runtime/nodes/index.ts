import { NODE_CATALOGUE, nodeSpec } from '../../node-catalogue';
import type { TNodeExecutor } from '../executor';
import { AI_EXECUTORS } from './ai';
import { CONTENT_EXECUTORS } from './content';
import { CONVERSATION_EXECUTORS } from './conversation';
import { DATA_EXECUTORS } from './data';
import { DISPLAY_EXECUTORS } from './display';
import { DOCUMENT_EXECUTORS } from './documents';
import { GOOGLE_EXECUTORS } from './google';
import { JOURNAL_EXECUTORS } from './journal';
import { KNOWLEDGE_BOT_EXECUTORS } from './knowledge-bot';
import { LEARNER_EXECUTORS } from './learner';
import { LOGIC_EXECUTORS } from './logic';
import { MEDIA_EXECUTORS } from './media';
import { PACKAGE_EXECUTORS } from './packages';
import { quizJsonNode } from './quiz';
import { RECORD_EXECUTORS } from './records';
import { WEB_EXECUTORS } from './web';
import { XAPI_EXECUTORS } from './xapi';

/** The registry: one executor per node type the runtime runs, from one file per node group. */
export const NODE_EXECUTORS: Readonly<Record<string, TNodeExecutor>> = Object.freeze({
  ...CONTENT_EXECUTORS,
  ...DISPLAY_EXECUTORS,
  ...LEARNER_EXECUTORS,
  quizJsonNode,
  ...LOGIC_EXECUTORS,
  ...AI_EXECUTORS,
  ...CONVERSATION_EXECUTORS,
  ...DATA_EXECUTORS,
  ...JOURNAL_EXECUTORS,
  ...XAPI_EXECUTORS,
  ...KNOWLEDGE_BOT_EXECUTORS,
  ...MEDIA_EXECUTORS,
  // After XAPI_EXECUTORS: the xAPI Statement block with a package launches it, else it is the plain one.
  ...PACKAGE_EXECUTORS,
  ...RECORD_EXECUTORS,
  ...WEB_EXECUTORS,
  ...DOCUMENT_EXECUTORS,
  ...GOOGLE_EXECUTORS,
});

export type TNodeSupport = 'runs' | 'not-in-player' | 'placeholder' | 'unknown-type';

/**
 * Whether the runtime runs a node type. 'not-in-player': a catalogue type with no executor yet
 * (speech, video, image models, Google, web, documents…); 'placeholder': the catalogue's disabled
 * placeholders; 'unknown-type': not in the catalogue. The player can warn authors before a run.
 */
export function nodeSupport(type: string): TNodeSupport {
  const spec = nodeSpec(type);
  if (!spec) return 'unknown-type';
  if (spec.disabled) return 'placeholder';
  return Object.hasOwn(NODE_EXECUTORS, type) ? 'runs' : 'not-in-player';
}

/** Catalogue types the runtime reports as not available, for the README and the player's notices. */
export const NOT_IN_PLAYER: ReadonlyArray<string> = NODE_CATALOGUE.filter(
  (s) => nodeSupport(s.type) !== 'runs',
).map((s) => s.type);

/**
 * A block the runtime cannot run is never skipped silently: the learner sees a quiet notice in its
 * place (message key `runtime.unavailable.<reason>`), the run reports 'node-unavailable', and the walk
 * goes on along the block's step output, so the rest of the flow still runs.
 */
const unavailable = (reason: Exclude<TNodeSupport, 'runs'>): TNodeExecutor => ({
  run(ctx) {
    ctx.issue('node-unavailable', 'warning', { detail: reason });
    return {
      kind: 'next',
      show: [{ kind: 'unavailable', reason, messageKey: `runtime.unavailable.${reason}` }],
    };
  },
});

const FALLBACKS: Record<Exclude<TNodeSupport, 'runs'>, TNodeExecutor> = {
  'not-in-player': unavailable('not-in-player'),
  placeholder: unavailable('placeholder'),
  'unknown-type': unavailable('unknown-type'),
};

export function executorFor(type: string): TNodeExecutor {
  const support = nodeSupport(type);
  return support === 'runs' ? NODE_EXECUTORS[type] : FALLBACKS[support];
}
