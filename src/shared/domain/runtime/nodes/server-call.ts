import { errorCodeOf, type TNodeContext } from '../executor';
import type { TServerBlockResult } from '../server-blocks';
import type { TValue } from '../values';

/**
 * Blocks the server runs (server-blocks.ts): web blocks, because the web is reached through its SSRF
 * guard and an API key must never reach a phone; document blocks, because files live in its storage. A block whose service is
 * not set up ('service-not-configured': no search provider) or whose call fails ('service-failed',
 * detail = the errorCode) is a warning: its outputs stay empty and the walk goes on, so one site that
 * is down does not end a learner's activity.
 */
export async function onServer(
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

/** Only the named output, when the server gave it. */
export const only = (outputs: Record<string, TValue>, handle: string): Record<string, TValue> | undefined =>
  outputs[handle] ? { [handle]: outputs[handle] } : undefined;
