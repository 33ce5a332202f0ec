import { next, type TNodeContext, type TNodeExecutor } from '../executor';
import { isRecord, type TJson } from '../values';
import {
  buildStatement,
  isoTime,
  nodeActivityId,
  statementContext,
  type TStatementParts,
  type TXapiActivity,
  type TXapiStatement,
  verbFromSetting,
} from '../xapi';

/**
 * xAPI blocks. The statement's actor is always the run's learner and its context always the run's
 * (assignment, flow, registration): a statement an author writes cannot speak for someone else or land
 * in another assignment's report. Without an xAPI context (a preview) they build nothing and send nothing.
 */

/** The statement an xAPI block describes: data.verb (first form), data.objectName (second), data.response (third). */
function authored(ctx: TNodeContext, linkedResult?: string): TXapiStatement | undefined {
  const run = ctx.xapi;
  if (!run) return undefined;
  const verbSetting = ctx.settings.text(['verb'], 0) ?? 'experienced';
  const verb = verbFromSetting(verbSetting);
  if (!verb) ctx.issue('setting-invalid', 'warning', { detail: 'verb' });
  const name = ctx.interpolate(ctx.settings.text(['objectName', 'object'], 1) ?? ctx.label);
  const response = linkedResult ?? ctx.settings.text(['response'], 2);
  const parts: TStatementParts = {
    verb: verb ?? 'experienced',
    node: { id: ctx.node.id, type: ctx.node.type, label: name, kind: 'interaction' },
    ...(response ? { result: { response: ctx.interpolate(response) } } : {}),
  };
  return buildStatement(run, parts, ctx.statementId(), isoTime(ctx.now()));
}

/** A statement given by a link or by data.statement: kept as written except actor, context, id and timestamp. */
function custom(ctx: TNodeContext, raw: TJson | undefined): TXapiStatement | undefined {
  const run = ctx.xapi;
  if (!run || !isRecord(raw)) return undefined;
  const verbRaw = isRecord(raw.verb) ? raw.verb : {};
  const verbId = typeof verbRaw.id === 'string' ? verbRaw.id : '';
  const verb = verbFromSetting(verbId || (typeof raw.verb === 'string' ? raw.verb : ''));
  const object: TXapiActivity =
    isRecord(raw.object) && typeof raw.object.id === 'string'
      ? (raw.object as unknown as TXapiActivity)
      : {
          objectType: 'Activity',
          id: nodeActivityId(run, ctx.node.id),
          definition: { name: { 'en-US': ctx.label } },
        };
  if (!verb) {
    ctx.issue('setting-invalid', 'warning', { detail: 'verb' });
    return undefined;
  }
  const base = buildStatement(run, { verb }, ctx.statementId(), isoTime(ctx.now()));
  const context = statementContext(run, true);
  const here: TXapiActivity = { objectType: 'Activity', id: nodeActivityId(run, ctx.node.id) };
  context.contextActivities = { ...context.contextActivities, other: [here] };
  return {
    ...base,
    object: { ...object, objectType: 'Activity' },
    ...(isRecord(raw.result) ? { result: raw.result as TXapiStatement['result'] } : {}),
    context,
  };
}

export const XAPI_EXECUTORS: Record<string, TNodeExecutor> = {
  /** xAPI Statement: records the authored statement and passes it on. */
  xAPINode: {
    async run(ctx) {
      const statement = authored(ctx);
      if (!statement) return next();
      await ctx.send(statement);
      return next({ xapi: { type: 'xApiStatement', statement } });
    },
  },

  /** xAPI Builder: builds the statement with the linked result as its response; Send Custom xAPI sends it. */
  xApiBuilderNode: {
    run(ctx) {
      const statement = authored(ctx, ctx.text('result', ctx.settings.text(['response'], 2)));
      return statement ? next({ xapi: { type: 'xApiStatement', statement } }) : next();
    },
  },

  /** Send Custom xAPI: sends the linked statement (once, even if its xAPI block sent it), else data.statement. */
  sendCustomXapiNode: {
    async run(ctx) {
      const linked = ctx.input('xapi');
      if (linked?.type === 'xApiStatement') {
        // Built in this run by an xAPI block, with the run's actor and context; send() skips a sent id.
        await ctx.send(linked.statement);
        return next();
      }
      const own = ctx.settings.json(['statement'], 0);
      if (own.value === undefined) {
        if (own.invalid) ctx.issue('json-invalid', 'warning', { detail: 'statement' });
        else ctx.missing('xapi');
        return next();
      }
      const statement = custom(ctx, own.value);
      if (statement) await ctx.send(statement);
      return next();
    },
  },
};
