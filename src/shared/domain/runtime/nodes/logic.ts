import { evaluateCondition } from '../conditions';
import { next, type TNodeContext, type TNodeExecutor } from '../executor';
import { clamp, settingsOf } from '../settings';
import { text } from '../values';
import { XAPI_EXTENSIONS } from '../xapi';
import { formsText } from './helpers';

/** Logic blocks: the walk's own controls (buttons, paths, words, labels, numbers, checkpoints, waits). */

const buttonText = (ctx: TNodeContext): string =>
  ctx.interpolate(ctx.settings.text(['buttonText', 'text'], 0) ?? ctx.label);

/** Find Word's words: data.words (a list or text), else its forms; commas and new lines separate them. */
function wordsOf(ctx: TNodeContext): string[] {
  const raw = ctx.settings.raw('words');
  const list = Array.isArray(raw)
    ? raw.filter((w): w is string => typeof w === 'string')
    : [typeof raw === 'string' ? raw : (formsText(ctx) ?? '')];
  return list
    .flatMap((w) => w.split(/[,\n]/))
    .map((w) => w.trim())
    .filter(Boolean);
}

// Scripts written without spaces between words: a word is found anywhere in the text.
const NO_SPACES = /[\p{Script=Han}\p{Script=Thai}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole words, ignoring case (data.caseSensitive keeps it); inside the text for Chinese and Thai. */
export function containsWord(haystack: string, word: string, caseSensitive: boolean): boolean {
  const flags = caseSensitive ? 'u' : 'iu';
  if (NO_SPACES.test(word)) return new RegExp(escapeRegExp(word), flags).test(haystack);
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, flags).test(haystack);
}

/**
 * The paths a Branching (or Multi-turn Router) block offers: each Show Button on a `branch` link whose
 * condition holds, labelled with its button text. None → 'no-paths' is reported and the path ends.
 */
export function pathOptions(ctx: TNodeContext): Array<{ id: string; label: string }> {
  const seen = new Set<string>();
  const options: Array<{ id: string; label: string }> = [];
  for (const link of ctx.linksFrom('branch')) {
    const target = ctx.graph.nodes.get(link.target);
    const c = evaluateCondition(link.condition, { variables: ctx.state.variables, sourceOutputs: undefined });
    if (c.invalid) ctx.issue('condition-invalid', 'warning', { detail: link.edgeId });
    if (!target || !c.holds || seen.has(target.id)) continue;
    seen.add(target.id);
    const s = settingsOf(target);
    options.push({ id: target.id, label: ctx.interpolate(s.text(['buttonText', 'text'], 0) ?? s.label) });
  }
  if (options.length === 0) ctx.issue('no-paths', 'warning', { handleId: 'branch' });
  return options;
}

export const LOGIC_EXECUTORS: Record<string, TNodeExecutor> = {
  beginNode: { run: () => next() },

  /** Show Button: on a chosen path the choice was the press; reached by a step link it shows its button. */
  conditionalNode: {
    run: (ctx) =>
      ctx.via === 'branch' ? next() : { kind: 'wait', request: { kind: 'button', text: buttonText(ctx) } },
  },

  /** Branching: offers each linked Show Button whose link condition holds; the learner picks one. */
  branchingNode: {
    run(ctx) {
      const options = pathOptions(ctx);
      if (options.length === 0) return next();
      const prompt = ctx.interpolate(ctx.settings.text(['question', 'prompt'], 0) ?? '');
      return { kind: 'wait', request: { kind: 'choice', prompt, options } };
    },
    answer: (_ctx, answer) => (answer.kind === 'choice' ? { kind: 'goto', nodeId: answer.optionId } : next()),
  },

  /** Find Word: continues on `found` when the linked text has the words (data.match 'all' needs every one). */
  findWordNode: {
    run(ctx) {
      const haystack = ctx.text('text');
      const words = wordsOf(ctx);
      if (words.length === 0) ctx.issue('setting-invalid', 'warning', { detail: 'words' });
      if (haystack === undefined || words.length === 0) return next(undefined, 'notFound');
      const cs = ctx.settings.bool('caseSensitive');
      const hits = words.filter((w) => containsWord(haystack, w, cs));
      const found = ctx.settings.text(['match']) === 'all' ? hits.length === words.length : hits.length > 0;
      return next(undefined, found ? 'found' : 'notFound');
    },
  },

  /** Create Text Label: saves the linked text (else data.value / its forms) as the variable named by data.name or the label. */
  variableNode: {
    run(ctx) {
      const value = ctx.text('text', ctx.settings.text(['value']), formsText(ctx));
      if (value === undefined) return next();
      const name = (ctx.settings.text(['name', 'variable']) ?? ctx.label).trim();
      ctx.state.variables[name] = value;
      return next({ label: text(value) });
    },
  },

  /** Random Number: a whole number from data.min to data.max (forms 1 and 2), 1 to 100 by default. */
  randomNumberGeneratorNode: {
    run(ctx) {
      const a = Math.round(ctx.settings.number(['min'], 0) ?? 1);
      const b = Math.round(ctx.settings.number(['max'], 1) ?? 100);
      const [min, max] = a <= b ? [a, b] : [b, a];
      const n = min + Math.floor(clamp(ctx.ports.random.next(), 0, 0.999999999) * (max - min + 1));
      return next({ number: text(String(n)) });
    },
  },

  /** Progress Checkpoint: remembered in the run and recorded as progressed (data.progress %, optional). */
  progressCheckpointNode: {
    async run(ctx) {
      const p = ctx.settings.number(['progress', 'percent'], 0);
      const progress = p === undefined ? undefined : clamp(Math.round(p), 0, 100);
      ctx.state.checkpoint =
        progress === undefined ? { nodeId: ctx.node.id } : { nodeId: ctx.node.id, progress };
      await ctx.record({
        verb: 'progressed',
        kind: 'module',
        ...(progress === undefined
          ? {}
          : { result: { extensions: { [XAPI_EXTENSIONS.progress]: progress } } }),
      });
      return next();
    },
  },

  /** Wait: data.seconds (first form), 3 by default, at most an hour. */
  waitNode: {
    async run(ctx) {
      const seconds = clamp(ctx.settings.number(['seconds', 'duration'], 0) ?? 3, 0, 3600);
      if (seconds === 0) return next();
      if (ctx.headless) {
        if (ctx.ports.clock.sleep) await ctx.ports.clock.sleep(seconds * 1000);
        else ctx.issue('wait-skipped', 'info');
        return next();
      }
      const until = ctx.now() + seconds * 1000;
      ctx.remember(until);
      return { kind: 'wait', request: { kind: 'timer', until, seconds } };
    },
    answer(ctx) {
      const until = ctx.memory();
      if (typeof until === 'number' && ctx.now() < until) {
        return {
          kind: 'wait',
          request: { kind: 'timer', until, seconds: Math.ceil((until - ctx.now()) / 1000) },
        };
      }
      ctx.remember(undefined);
      return next();
    },
  },

  uuidGeneratorNode: { run: (ctx) => next({ uuid: text(ctx.ports.random.uuid()) }) },

  /** Execution Merger on the main path: background paths have already run (see runBackground). */
  executionConnectorNode: { run: () => next() },

  /** Jump to Flow: the run ends and names the flow the player opens next (data.flowId, first form). */
  flowJumpNode: {
    run(ctx) {
      const flowId = ctx.settings.text(['flowId', 'targetFlowId'], 0)?.trim();
      if (!flowId) ctx.issue('setting-invalid', 'warning', { detail: 'flowId' });
      return flowId ? { kind: 'end', jump: { flowId } } : { kind: 'end' };
    },
  },
};
