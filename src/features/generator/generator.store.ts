import { proxy } from 'valtio';
import {
  GENERATION_START_DELAY_MS,
  type TGeneratedFlow,
  type TGenerationStage,
  type TResearchedWidget,
} from '../../shared/contract/generator';
import { generatorApi } from './generator.api';

/**
 * The AI flow generator (spec 03 §2, §4): initial → generating (after a 1.5 s delay the stream starts)
 * → creating-flow (a flow came back) → completed (collection and flow created). Reset returns to
 * initial. Unlike the spec's Stop, ours really stops: it aborts the request, and the server stops the
 * model and frees the credits it held but did not use.
 */
export type TGeneratorView = 'initial' | 'generating' | 'creating-flow' | 'completed';

/** Spec 03 §3 "AI generator message". A step has a stage; the last message may list the widgets. */
export interface TGeneratorMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  title?: string;
  status?: TGenerationStage;
  isStatusDone?: boolean;
  widgets?: ReadonlyArray<TResearchedWidget>;
}

/** Why the last run ended without a flow: the screen says so and offers Retry. */
export type TGeneratorEnd = 'no-flow' | 'stopped' | 'save-failed' | null;

export const generator = proxy({
  view: 'initial' as TGeneratorView,
  prompt: '',
  messages: [] as TGeneratorMessage[],
  widgets: [] as TResearchedWidget[],
  ended: null as TGeneratorEnd,
  /** The server's reason when the stream ended with an error event (e.g. a credit error). */
  reason: '' as string,
  /** Where the created flow opens. */
  created: null as { projectId: string; flowId: string } | null,
});

let controller: AbortController | null = null;
let seq = 0;
const nextId = () => `m${++seq}`;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

function markStepsDone(): void {
  for (const m of generator.messages) if (m.status) m.isStatusDone = true;
}

/** Runs one generation of `prompt`; resolves when it has ended one way or another. */
export async function generate(prompt: string, opts: { localDate?: string } = {}): Promise<void> {
  const text = prompt.trim();
  if (!text || generator.view === 'generating' || generator.view === 'creating-flow') return;
  controller?.abort();
  const ctrl = new AbortController();
  controller = ctrl;
  generator.prompt = text;
  generator.messages = [{ id: nextId(), role: 'user', content: text }];
  generator.widgets = [];
  generator.ended = null;
  generator.reason = '';
  generator.created = null;
  generator.view = 'generating';
  await wait(GENERATION_START_DELAY_MS, ctrl.signal);
  let flow: TGeneratedFlow | null = null;
  try {
    if (!ctrl.signal.aborted) {
      for await (const event of generatorApi.generate(text, ctrl.signal)) {
        if (controller !== ctrl) return;
        if (event.type === 'status_changed') {
          markStepsDone();
          generator.messages.push({
            id: nextId(),
            role: 'assistant',
            content: '',
            title: event.status,
            status: event.status,
            isStatusDone: false,
          });
        } else if (event.type === 'llm_stream') {
          const current = generator.messages[generator.messages.length - 1];
          if (current?.status) current.content += event.content;
        } else if (event.type === 'research_completed') {
          generator.widgets = event.widgets;
        } else if (event.type === 'flow_generation_completed') {
          flow = { nodes: event.nodes, edges: event.edges };
        } else if (event.type === 'error') {
          generator.reason = event.message;
        }
      }
    }
  } catch {
    // A refused or broken stream ends quietly (spec 03 §8); the screen says no flow came back.
  }
  if (controller !== ctrl) return;
  if (ctrl.signal.aborted || !flow) {
    generator.ended = ctrl.signal.aborted ? 'stopped' : 'no-flow';
    generator.view = 'initial';
    controller = null;
    return;
  }
  markStepsDone();
  generator.messages.push({ id: nextId(), role: 'assistant', content: '', widgets: [...generator.widgets] });
  generator.view = 'creating-flow';
  try {
    generator.created = await generatorApi.save(flow, opts.localDate ?? new Date().toLocaleDateString());
    generator.view = 'completed';
  } catch {
    generator.ended = 'save-failed';
    generator.view = 'initial';
  }
  controller = null;
}

/** Stop: aborts the request (the server stops the model and frees unused credits). */
export function stop(): void {
  controller?.abort();
}

/** Reset: back to the initial view with no messages (a running generation is stopped first). */
export function reset(): void {
  controller?.abort();
  controller = null;
  generator.view = 'initial';
  generator.prompt = '';
  generator.messages = [];
  generator.widgets = [];
  generator.ended = null;
  generator.reason = '';
  generator.created = null;
}
