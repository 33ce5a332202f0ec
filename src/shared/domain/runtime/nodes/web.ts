import { errorCodeOf, next, type TNodeContext, type TNodeExecutor, type TOutcome } from '../executor';
import type { TServerBlockResult } from '../server-blocks';
import { type TValue, text } from '../values';
import { urlSetting } from './helpers';

/**
 * API Call, Web Search and Web Crawler: the server runs them (server-blocks.ts), because the web is
 * reached through its SSRF guard and an API key must never reach a phone. A block whose service is
 * not set up ('service-not-configured': no search provider) or whose call fails ('service-failed',
 * detail = the errorCode) is a warning: its outputs stay empty and the walk goes on, so one site that
 * is down does not end a learner's activity.
 */
async function onServer(
  ctx: TNodeContext,
  inputs: Record<string, TValue>,
  summary: string,
): Promise<Extract<TServerBlockResult, { ok: true }> | undefined> {
  const port = ctx.ports.serverBlocks;
  if (!port) {
    ctx.issue('port-missing', 'warning', { detail: 'serverBlocks' });
    return undefined;
  }
  let result: TServerBlockResult;
  try {
    result = await port.run({
      nodeId: ctx.node.id,
      nodeType: ctx.node.type,
      inputs,
      variables: ctx.state.variables,
    });
  } catch (error) {
    result = { ok: false, errorCode: errorCodeOf(error) ?? 'NETWORK', configured: true };
  }
  if (!result.ok) {
    ctx.issue(result.configured ? 'service-failed' : 'service-not-configured', 'warning', {
      detail: result.errorCode,
    });
  }
  // What the flow asked the web, and whether it worked: the teacher sees it next to the learner's answers.
  await ctx.record({
    verb: 'interacted',
    kind: 'interaction',
    result: {
      success: result.ok,
      response: (result.ok ? (result.summary ?? summary) : summary).slice(0, 500),
    },
  });
  return result.ok ? result : undefined;
}

const only = (outputs: Record<string, TValue>, handle: string): Record<string, TValue> | undefined =>
  outputs[handle] ? { [handle]: outputs[handle] } : undefined;

export const WEB_EXECUTORS: Record<string, TNodeExecutor> = {
  /**
   * API Call: the author's request (data.url, data.method, data.headers with `{{secret:NAME}}`) is read
   * by the server from the saved flow; the runtime sends only the linked body.
   */
  apiCallNode: {
    async run(ctx): Promise<TOutcome> {
      const body = ctx.input('body');
      const inputs: Record<string, TValue> = body ? { body } : {};
      const done = await onServer(ctx, inputs, ctx.label);
      return next(done && only(done.outputs, 'response'));
    },
  },

  /** Web Search: the linked query, else data.query (first form). */
  webSearchNode: {
    async run(ctx): Promise<TOutcome> {
      const query = ctx.text('query', ctx.settings.text(['query'], 0))?.trim();
      if (!query) return next();
      const done = await onServer(ctx, { query: text(query) }, query);
      return next(done && only(done.outputs, 'results'));
    },
  },

  /** Web Crawler: the linked page link, else data.url (first form). */
  webCrawlerNode: {
    async run(ctx): Promise<TOutcome> {
      const url = ctx.text('url', urlSetting(ctx))?.trim();
      if (!url) return next();
      const done = await onServer(ctx, { url: text(url) }, url);
      return next(done && only(done.outputs, 'content'));
    },
  },
};
