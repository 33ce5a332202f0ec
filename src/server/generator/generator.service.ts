import {
  GENERATION_STAGES,
  type TGenerateFlowRequest,
  type TGenerationStage,
  type TGeneratorEvent,
  type TResearchedWidget,
} from '../../shared/contract/generator';
import { newId } from '../../shared/domain/ids';
import { defaultModelFor, modelByCode, modelOptions } from '../../shared/domain/models';
import type { AiMessage } from '../adapters/ai/ai';
import { modelOf } from '../credits/ai-usage';
import { createCreditsService } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { findOrgModels } from '../models/models.repo';
import type { Caller } from '../tools/caller';
import { GENERATOR_BLOCKS } from './catalogue';
import { planFlow } from './planner';
import { reAsk, STAGE_MAX_TOKENS, stageMessages } from './prompts';
import { extractJson, repairFlow } from './repair';
import { createStageCaller } from './stage-call';

/** Answers to the flow stage, the first included, before the generation gives up. */
export const MAX_FLOW_ATTEMPTS = 3;
const OFFLINE_PIECE_WORDS = 3;

export type Send = (event: TGeneratorEvent) => void;
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** Widgets from the research answer; when it is unusable, the block types the alignment named. */
export function widgetsOf(answer: string, alignment: string): TResearchedWidget[] {
  const parsed = extractJson(answer) as { widgets?: unknown } | unknown[] | undefined;
  const list = Array.isArray(parsed)
    ? parsed
    : Array.isArray((parsed as { widgets?: unknown })?.widgets)
      ? (parsed as { widgets: unknown[] }).widgets
      : [];
  const text = (v: unknown) =>
    typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
  const widgets = list
    .filter((w): w is Record<string, unknown> => typeof w === 'object' && w !== null)
    .map((w) => ({
      widgetId: text(w.widgetId ?? w.type).slice(0, 200),
      widgetDescription: text(w.widgetDescription ?? w.description).slice(0, 2000),
      draftContents: text(w.draftContents ?? w.content).slice(0, 20_000),
    }))
    .filter((w) => w.widgetId);
  if (widgets.length) return widgets;
  return GENERATOR_BLOCKS.filter((b) => b.type !== 'beginNode' && alignment.includes(b.type)).map((b) => ({
    widgetId: b.type,
    widgetDescription: b.name,
    draftContents: '',
  }));
}

/**
 * POST /api/v1/flows/generate (spec 03 §7). `prepare` checks the space's model and holds the first
 * stage's credits (errors there are ordinary HTTP errors); `run` streams the six stages and ends with
 * the flow, or with an error event. Aborting the signal stops the provider call at once.
 */
export function createGeneratorService(deps: AppDeps, opts: { offlineDelayMs?: number } = {}) {
  const credits = createCreditsService(deps);
  const offlineDelay = opts.offlineDelayMs ?? 25;

  async function prepare(caller: Caller, body: TGenerateFlowRequest, signal: AbortSignal) {
    const prompt = body.flow_input;
    if (deps.ai.offline) return { run: (send: Send) => runOffline(prompt, send, signal), paid: false };
    const settings = caller.orgId ? ((await findOrgModels(deps.database.db, caller.orgId)) ?? {}) : {};
    const code = defaultModelFor('chat', modelOptions('chat', settings));
    if (!code) throw badRequest('model: no AI model is switched on for this space');
    const model = createStageCaller({
      ai: deps.ai,
      credits,
      payer: credits.payerForSpace(caller, caller.userId),
      priced: modelOf(deps.ai, code, deps.env.AI_MODEL),
      providerModel: modelByCode(code)?.providerModel ?? code,
      runId: newId(),
      by: caller.userId,
      signal,
    });
    const firstMessages = stageMessages('standards_extraction', prompt, []);
    const firstHold = await model.hold(firstMessages, STAGE_MAX_TOKENS.standards_extraction);

    async function run(send: Send): Promise<void> {
      const earlier: Array<{ stage: TGenerationStage; text: string }> = [];
      try {
        for (const stage of GENERATION_STAGES) {
          if (signal.aborted) return;
          send({ type: 'status_changed', status: stage });
          const messages =
            stage === 'standards_extraction' ? firstMessages : stageMessages(stage, prompt, earlier);
          const streamed = stage !== 'researching' && stage !== 'flow_generation';
          const onText = streamed
            ? (piece: string) => send({ type: 'llm_stream', content: piece })
            : () => {};
          if (stage === 'flow_generation') {
            await flowStage(messages, send);
            return;
          }
          const answer = await model.call(
            messages,
            STAGE_MAX_TOKENS[stage],
            onText,
            stage === 'standards_extraction' ? firstHold : undefined,
          );
          if (answer.stopped) return;
          earlier.push({ stage, text: answer.text });
          if (stage === 'researching') {
            const widgets = widgetsOf(
              answer.text,
              earlier.find((e) => e.stage === 'widget_alignment')?.text ?? '',
            );
            send({ type: 'llm_stream', content: `Drafted the content of ${widgets.length} blocks.` });
            send({ type: 'research_completed', widgets });
          }
        }
      } catch (error) {
        if (signal.aborted) return;
        const e = error instanceof AppError ? error : null;
        if (!e) deps.logger.error('flow generation failed', { error: String(error) });
        send({
          type: 'error',
          message: e?.message ?? 'The flow could not be generated.',
          errorCode: e?.code,
        });
      }
    }

    async function flowStage(first: AiMessage[], send: Send): Promise<void> {
      let messages = first;
      for (let attempt = 1; attempt <= MAX_FLOW_ATTEMPTS; attempt++) {
        const answer = await model.call(messages, STAGE_MAX_TOKENS.flow_generation, () => {});
        if (answer.stopped) return;
        const repaired = repairFlow(answer.text);
        if (repaired.ok) {
          const { nodes, edges } = repaired.flow;
          send({
            type: 'llm_stream',
            content: `Built a flow of ${nodes.length} blocks and ${edges.length} links; every link passes the link rules.`,
          });
          send({ type: 'flow_generation_completed', nodes, edges });
          return;
        }
        send({ type: 'llm_stream', content: `The model's flow could not be used (attempt ${attempt}). ` });
        messages = [
          ...messages,
          { role: 'assistant', content: answer.text.slice(0, 8000) },
          reAsk(repaired.reason),
        ];
      }
      send({
        type: 'error',
        message: `The model did not answer with a usable flow after ${MAX_FLOW_ATTEMPTS} attempts.`,
      });
    }

    return { run, paid: firstHold !== null };
  }

  /** The offline demo: the planner's texts streamed a few words at a time, then its flow. */
  async function runOffline(prompt: string, send: Send, signal: AbortSignal): Promise<void> {
    const plan = planFlow(prompt);
    for (const stage of GENERATION_STAGES) {
      if (signal.aborted) return;
      send({ type: 'status_changed', status: stage });
      const words = plan.texts[stage].match(/\S+\s*/g) ?? [];
      for (let i = 0; i < words.length; i += OFFLINE_PIECE_WORDS) {
        if (signal.aborted) return;
        send({ type: 'llm_stream', content: words.slice(i, i + OFFLINE_PIECE_WORDS).join('') });
        await sleep(offlineDelay, signal);
      }
      if (stage === 'researching') send({ type: 'research_completed', widgets: plan.widgets });
    }
    const repaired = repairFlow(plan.flow);
    if (!repaired.ok) throw new Error(`the offline plan is not a flow: ${repaired.reason}`);
    send({ type: 'flow_generation_completed', ...repaired.flow, offline: true });
  }

  return { prepare };
}
