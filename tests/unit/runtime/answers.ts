import { handleSpec } from '../../../src/shared/domain/node-catalogue';
import type { TInputProvider, TLearnerAnswer, TRunState, TWaiting } from '../../../src/shared/domain/runtime';

/** A plausible answer to any request: the first option, a short text, a file URL. */
export function anyAnswer(w: TWaiting): TLearnerAnswer {
  const r = w.request;
  switch (r.kind) {
    case 'text':
      return { kind: 'text', text: 'an answer' };
    case 'media':
    case 'draw':
      return { kind: 'media', url: 'https://files.test/upload.bin' };
    case 'form':
      return { kind: 'form', values: Object.fromEntries(r.fields.map((f) => [f.id, 'x'])) };
    case 'quiz':
      return {
        kind: 'quiz',
        responses: Object.fromEntries(r.questions.map((q) => [q.id, q.options[0] ?? 'x'])),
      };
    case 'choice':
      return { kind: 'choice', optionId: r.options[0].id };
    case 'conversation':
      return r.turn > 1 ? { kind: 'end' } : { kind: 'text', text: 'hello' };
    default:
      return { kind: 'continue' };
  }
}

export const anyInput: TInputProvider = { answer: (w) => anyAnswer(w) };

/**
 * Every stored output sits on an output handle the catalogue gives the node, with the value type of that
 * handle: what travels on a data link is what its type says. Returns the offending entries.
 */
export function mistypedOutputs(state: TRunState, typeOf: (nodeId: string) => string | undefined): string[] {
  const wrong: string[] = [];
  for (const [nodeId, outputs] of Object.entries(state.outputs)) {
    const type = typeOf(nodeId) ?? '';
    for (const [handleId, value] of Object.entries(outputs)) {
      const h = handleSpec(type, handleId);
      if (h?.direction !== 'output' || h.type !== value.type) wrong.push(`${type}.${handleId}:${value.type}`);
    }
  }
  return wrong;
}
