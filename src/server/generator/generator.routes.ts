import { Hono } from 'hono';
import { CREDITS_CHANGED_HEADER } from '../../shared/contract/credits';
import { type TGeneratorEvent, ZGenerateFlowRequest } from '../../shared/contract/generator';
import { sseResponse } from '../chat/sse';
import { markCreditsChanged } from '../credits/credits.http';
import { abortedWith } from '../http/abort';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { orgScope } from '../http/org-scope';
import { jsonBody } from '../http/validate';
import { callerOf } from '../tools/caller';
import { createGeneratorService } from './generator.service';

/**
 * The AI flow generator (spec 03 §7): a signed-in user, in the space of the `orgId` header, whose
 * wallet pays. The answer is always a server-sent event stream; the client going away (Stop) aborts
 * the provider call and frees what was held but not used.
 */
export function generatorRoutes(deps: AppDeps, opts: { offlineDelayMs?: number } = {}) {
  const generator = createGeneratorService(deps, opts);
  const auth = requireAuth(deps);
  const scope = orgScope(deps);

  return new Hono<AppEnv>().post('/v1/flows/generate', auth, scope, async (c) => {
    const body = await jsonBody(c, ZGenerateFlowRequest);
    const clientGone = abortedWith(c.req.raw.signal);
    const signal = clientGone.signal;
    const generation = await generator.prepare(callerOf(c), body, signal);
    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      // A client that does not read streams gets the outcome as one JSON answer.
      const events: TGeneratorEvent[] = [];
      await generation.run((e) => events.push(e)).catch(() => undefined);
      if (generation.paid) markCreditsChanged(c);
      const flow = events.find((e) => e.type === 'flow_generation_completed');
      const research = events.find((e) => e.type === 'research_completed');
      const error = events.find((e) => e.type === 'error');
      return c.json({
        flow: flow ? { nodes: flow.nodes, edges: flow.edges } : null,
        widgets: research?.widgets ?? [],
        error: flow
          ? null
          : { message: error?.message ?? 'The flow could not be generated.', errorCode: error?.errorCode },
      });
    }
    return sseResponse(
      async (send) => {
        try {
          await generation.run(send);
        } catch (error) {
          c.get('log').error('flow generation failed', { error: String(error) });
          send({ type: 'error', message: 'The flow could not be generated.' });
        }
      },
      () => clientGone.abort(),
      generation.paid ? { [CREDITS_CHANGED_HEADER]: '1' } : {},
    );
  });
}
