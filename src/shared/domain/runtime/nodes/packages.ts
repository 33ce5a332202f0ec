import { next, type TNodeContext, type TNodeExecutor } from '../executor';
import type { TPackageFormat } from '../learner';
import { isRecord, type TJson } from '../values';
import {
  isoTime,
  nodeActivityId,
  statementContext,
  type TXapiActivity,
  type TXapiResult,
  type TXapiStatement,
} from '../xapi';
import { XAPI_EXECUTORS } from './xapi';

/**
 * Blocks that play an uploaded package in a sandboxed frame: H5P Content, and the xAPI Statement
 * block when its author attached an xAPI (TinCan) or cmi5 zip. The package id is the one
 * POST /api/h5p or POST /api/xapi/upload answered (data.packageId, else the first form).
 */

const PACKAGE_ID = /^[0-9a-f]{24}$/;

function packageIdOf(ctx: TNodeContext): string | undefined {
  const id = ctx.settings.text(['packageId', 'h5pId', 'contentId'], 0)?.trim();
  if (id === undefined) return undefined;
  if (!PACKAGE_ID.test(id)) {
    ctx.issue('setting-invalid', 'warning', { detail: 'packageId' });
    return undefined;
  }
  return id;
}

const promptOf = (ctx: TNodeContext): string =>
  ctx.interpolate(ctx.settings.text(['question', 'prompt', 'instructions']) ?? '');

const launch = (ctx: TNodeContext, format: TPackageFormat, packageId: string) => {
  const registration = format === 'h5p' ? undefined : ctx.xapi?.registration;
  return {
    kind: 'wait',
    request: {
      kind: 'package',
      format,
      packageId,
      prompt: promptOf(ctx),
      ...(registration ? { registration } : {}),
    },
  } as const;
};

/**
 * A statement a package reported, as the run records it. The package runs untrusted code, so only
 * what it may say is kept (verb, object, result); actor, context, id and timestamp are the run's:
 * it cannot speak for another learner or write into another assignment. The package's own object
 * stays, with the block as a context activity so a report can find which block played it.
 */
export function restamp(ctx: TNodeContext, raw: TJson): TXapiStatement | undefined {
  const run = ctx.xapi;
  if (!run || !isRecord(raw) || !isRecord(raw.verb) || !isRecord(raw.object)) return undefined;
  const verbId = raw.verb.id;
  const objectId = raw.object.id;
  if (typeof verbId !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(verbId)) return undefined;
  if (typeof objectId !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(objectId)) return undefined;
  const display = isRecord(raw.verb.display) ? (raw.verb.display as Record<string, string>) : {};
  const definition = isRecord(raw.object.definition)
    ? (raw.object.definition as TXapiActivity['definition'])
    : undefined;
  const here: TXapiActivity = { objectType: 'Activity', id: nodeActivityId(run, ctx.node.id) };
  const context = statementContext(run, true);
  context.contextActivities = {
    ...context.contextActivities,
    other: [...(context.contextActivities?.other ?? []), here],
  };
  return {
    id: ctx.statementId(),
    actor: { objectType: 'Agent', ...run.actor },
    verb: { id: verbId, display },
    object: { objectType: 'Activity', id: objectId, ...(definition ? { definition } : {}) },
    ...(isRecord(raw.result) ? { result: raw.result as TXapiResult } : {}),
    context,
    timestamp: isoTime(ctx.now()),
  };
}

/** Records what the frame reported; the block's output is the last statement (often completed or answered). */
async function recordReported(ctx: TNodeContext, reported: TJson[]): Promise<TXapiStatement | undefined> {
  let lastSent: TXapiStatement | undefined;
  for (const raw of reported) {
    const statement = restamp(ctx, raw);
    if (!statement) {
      ctx.issue('xapi-failed', 'warning', { detail: 'statement-invalid' });
      continue;
    }
    if (await ctx.send(statement)) lastSent = statement;
  }
  return lastSent;
}

export const h5pNode: TNodeExecutor = {
  run(ctx) {
    const packageId = packageIdOf(ctx);
    if (!packageId) {
      ctx.missing('packageId');
      return next();
    }
    return launch(ctx, 'h5p', packageId);
  },
  async answer(ctx, answer) {
    const reported = answer.kind === 'package' ? answer.statements : [];
    const last = await recordReported(ctx, reported);
    // Content that reports nothing (a slideshow, or statements we refused) is still on the record.
    if (!last) await ctx.record({ verb: 'experienced', kind: 'media' });
    return next(last ? { xapi: { type: 'xApiStatement', statement: last } } : undefined);
  },
};

/**
 * xAPI Statement with a package (data.packageFormat 'tincan' | 'cmi5'): the package sends its own
 * statements to the LRS with launch credentials scoped to the learner and the activity, so the runtime
 * only records that the learner launched it. Without a package it is the plain xAPI Statement block.
 */
export const xAPINode: TNodeExecutor = {
  run(ctx) {
    const format = ctx.settings.text(['packageFormat']);
    if (format !== 'tincan' && format !== 'cmi5') return XAPI_EXECUTORS.xAPINode.run(ctx);
    const packageId = packageIdOf(ctx);
    if (!packageId) {
      ctx.missing('packageId');
      return next();
    }
    return launch(ctx, format, packageId);
  },
  async answer(ctx, answer) {
    const last = answer.kind === 'package' ? await recordReported(ctx, answer.statements) : undefined;
    await ctx.record({ verb: 'launched', kind: 'module' });
    return next(last ? { xapi: { type: 'xApiStatement', statement: last } } : undefined);
  },
};

export const PACKAGE_EXECUTORS: Record<string, TNodeExecutor> = { h5pNode, xAPINode };
