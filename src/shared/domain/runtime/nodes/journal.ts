import { errorCodeOf, next, type TNodeContext, type TNodeExecutor } from '../executor';
import type { TJournalPort, TJournalScope } from '../ports';
import { text } from '../values';

/**
 * Journal blocks, through the journals port (the learner's journals, by name, in the assignment).
 * The journal's name is data.journalName (first form), else the block's label; the entry is the
 * linked text, else data.content (second form). data.collaborative ("Shared with the class"; absent =
 * false) makes the block use the assignment's journal of that name shared by its learners. A failing port is a warning: a learner's flow does
 * not stop because a journal could not be saved, and the report shows what was saved.
 */
const nameOf = (ctx: TNodeContext): string =>
  ctx.interpolate(ctx.settings.text(['journalName', 'name'], 0) ?? ctx.label).trim() || ctx.label;

const scopeOf = (ctx: TNodeContext): TJournalScope => ({ collaborative: ctx.settings.bool('collaborative') });

const entryOf = (ctx: TNodeContext): string | undefined =>
  ctx.text('entry', ctx.settings.text(['content'], 1));

async function withJournals<T>(
  ctx: TNodeContext,
  use: (port: TJournalPort) => Promise<T>,
): Promise<T | undefined> {
  const port = ctx.ports.journals;
  if (!port) {
    ctx.issue('port-missing', 'warning', { detail: 'journals' });
    return undefined;
  }
  try {
    return await use(port);
  } catch (error) {
    ctx.issue('journal-failed', 'warning', { detail: errorCodeOf(error) });
    return undefined;
  }
}

export const JOURNAL_EXECUTORS: Record<string, TNodeExecutor> = {
  /** Journal: saves the entry as the learner's journal of that name (created, or its content replaced). */
  journalNode: {
    async run(ctx) {
      const entry = entryOf(ctx);
      if (entry === undefined) return next();
      await withJournals(ctx, (j) =>
        j.write(nameOf(ctx), entry, { nodeId: ctx.node.id, nodeType: ctx.node.type, ...scopeOf(ctx) }),
      );
      return next();
    },
  },

  /** Read Journal: passes on the journal's content ('' and 'journal-missing' when there is none yet). */
  readJournalNode: {
    async run(ctx) {
      const journal = await withJournals(ctx, (j) => j.read(nameOf(ctx), scopeOf(ctx)));
      if (journal === undefined) return next();
      if (journal === null) ctx.issue('journal-missing', 'info', { detail: nameOf(ctx) });
      return next({ entries: text(journal?.content ?? '') });
    },
  },

  /** Update Journal: appends the entry (data.mode 'replace' replaces the content); missing → created. */
  updateJournalNode: {
    async run(ctx) {
      const entry = entryOf(ctx);
      if (entry === undefined) return next();
      const name = nameOf(ctx);
      const mode = ctx.settings.text(['mode']) === 'replace' ? 'replace' : 'append';
      await withJournals(ctx, async (j) => {
        const scope = scopeOf(ctx);
        if (await j.update(name, entry, mode, scope)) return;
        ctx.issue('journal-missing', 'info', { detail: name });
        await j.write(name, entry, { nodeId: ctx.node.id, nodeType: ctx.node.type, ...scope });
      });
      return next();
    },
  },
};
