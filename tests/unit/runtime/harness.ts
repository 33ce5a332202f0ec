import { type TFlowEdge, type TFlowNode, validateGraph } from '../../../src/shared/domain/link-rules';
import {
  manualClock,
  resumeRun,
  seededRandom,
  startRun,
  type TAiPiece,
  type TAiRequest,
  type TJournal,
  type TJournalScope,
  type TLearnerAnswer,
  type TRunFlow,
  type TRunOptions,
  type TRunResult,
  type TRuntimePorts,
  type TXapiRunContext,
  type TXapiStatement,
} from '../../../src/shared/domain/runtime';
import { edge } from '../../fixtures/flows/graph';

/** 'a:textNode' or ['a', 'textNode', data] → a node. */
export type TNodeDef = string | [string, string, Record<string, unknown>?];

const nodeOf = (d: TNodeDef): TFlowNode => {
  if (typeof d === 'string') {
    const [id, type] = d.split(':');
    return { id, type, data: {} };
  }
  return { id: d[0], type: d[1], data: d[2] ?? {} };
};

/** 'a.out>b.in' → an edge; an object adds data (e.g. a condition). */
export const link = (spec: string, data?: Record<string, unknown>, id?: string): TFlowEdge =>
  edge(spec, data, id);

/** A flow the link rules accept (the test fails otherwise, so a fixture cannot test a flow no one could draw). */
export function flow(
  nodes: TNodeDef[],
  edges: Array<string | TFlowEdge>,
  opts: { allowBroken?: boolean } = {},
): TRunFlow {
  const f = {
    id: 'f1',
    nodes: nodes.map(nodeOf),
    edges: edges.map((e) => (typeof e === 'string' ? link(e) : e)),
  };
  if (!opts.allowBroken) {
    const report = validateGraph(f);
    if (!report.ok) throw new Error(`fixture breaks the link rules: ${JSON.stringify(report)}`);
  }
  return f;
}

export type TAiScript = (req: TAiRequest) => string | Error;

/** An AI port answering from a script, in two streamed pieces plus usage; records every request. */
export function scriptedAi(script: TAiScript) {
  const requests: TAiRequest[] = [];
  return {
    requests,
    port: {
      async *stream(req: TAiRequest): AsyncIterable<TAiPiece> {
        requests.push(req);
        const answer = script(req);
        if (answer instanceof Error) throw answer;
        const half = Math.floor(answer.length / 2);
        yield { type: 'text', text: answer.slice(0, half) };
        yield { type: 'text', text: answer.slice(half) };
        yield { type: 'usage', inputTokens: 10, outputTokens: answer.length, credits: '0.001' };
        yield { type: 'done' };
      },
    },
  };
}

/** The learner's journals by name (journals), and the assignment's shared ones (shared: collaborative). */
export function memoryJournals(initial: Record<string, string> = {}) {
  const journals = new Map<string, TJournal>(
    Object.entries(initial).map(([name, content]) => [name, { name, content }]),
  );
  const shared = new Map<string, TJournal>();
  const of = (scope?: TJournalScope) => (scope?.collaborative ? shared : journals);
  return {
    journals,
    shared,
    port: {
      read: async (name: string, scope?: TJournalScope) => of(scope).get(name) ?? null,
      write: async (name: string, content: string, meta?: TJournalScope) => {
        of(meta).set(name, { name, content });
      },
      update: async (name: string, content: string, mode: 'append' | 'replace', scope?: TJournalScope) => {
        const j = of(scope).get(name);
        if (!j) return false;
        of(scope).set(name, { name, content: mode === 'append' ? `${j.content}\n${content}` : content });
        return true;
      },
    },
  };
}

export const XAPI_CONTEXT: TXapiRunContext = {
  actor: { name: 'Ada Learner', mbox: 'mailto:ada@example.com' },
  flowActivityId: 'https://flowlearn.test/viewer/flows/f1',
  flowName: 'Photosynthesis',
  registration: '6f1d2c3b-0000-4000-8000-000000000001',
  contextActivities: {
    grouping: [{ objectType: 'Activity', id: 'https://flowlearn.test/assignments/a1' }],
  },
};

/** Ports with every fake wired, and what they saw. */
export function setup(opts: { ai?: TAiScript; journals?: Record<string, string>; xapi?: boolean } = {}) {
  const statements: TXapiStatement[] = [];
  const ai = scriptedAi(opts.ai ?? ((r) => `answer to ${r.messages.at(-1)?.content ?? ''}`));
  const journals = memoryJournals(opts.journals);
  const clock = manualClock(Date.UTC(2026, 0, 1));
  const ports: TRuntimePorts = {
    ai: ai.port,
    xapi: { emit: (s) => void statements.push(s) },
    journals: journals.port,
    storage: {
      mediaUrl: (ref) => (ref.startsWith('http') ? ref : `https://files.test/${ref}`),
      documentText: async (url) => `text of ${url}`,
    },
    clock,
    random: seededRandom(42),
  };
  const options: TRunOptions = { ports, ...(opts.xapi === false ? {} : { xapi: XAPI_CONTEXT }) };
  return { ports, options, statements, ai, journals, clock };
}

/** Starts a run and answers each wait with the next answer; returns every result. */
export async function drive(
  f: TRunFlow,
  options: TRunOptions,
  answers: TLearnerAnswer[] = [],
): Promise<TRunResult[]> {
  const results = [await startRun(f, options)];
  for (const answer of answers) {
    const last = results[results.length - 1];
    results.push(await resumeRun(f, last.state, answer, options));
  }
  return results;
}

export const last = <T>(list: T[]): T => list[list.length - 1];
export const codes = (r: TRunResult): string[] => r.state.issues.map((i) => i.code);
