import { describe, expect, it } from 'vitest';
import type { TFlow } from '../../../src/shared/contract/flows';
import {
  evaluateCondition,
  parseAnswer,
  RUNTIME_MESSAGE_KEYS,
  type TRunFlow,
  uuidFrom,
} from '../../../src/shared/domain/runtime';
import { verbFromSetting, xapiScore } from '../../../src/shared/domain/runtime/xapi';

// The saved flow the API answers is what the runtime reads: this line stops compiling if they drift.
const _contractFlowRuns = (f: TFlow): TRunFlow => f;
void _contractFlowRuns;

const scope = (variables: Record<string, string> = {}, score?: string) => ({
  variables,
  sourceOutputs: score === undefined ? undefined : { score: { type: 'text' as const, text: score } },
});

describe('edge conditions', () => {
  it('booleans, empty and absent conditions', () => {
    expect(evaluateCondition(undefined, scope())).toEqual({ holds: true });
    expect(evaluateCondition(true, scope())).toEqual({ holds: true });
    expect(evaluateCondition(false, scope())).toEqual({ holds: false });
    expect(evaluateCondition(' ', scope())).toEqual({ holds: true });
    expect(evaluateCondition(3, scope())).toEqual({ holds: false, invalid: true });
  });

  it('compares numbers as numbers and texts without case', () => {
    expect(evaluateCondition('score >= 10', scope({}, '9'))).toEqual({ holds: false });
    expect(evaluateCondition('score >= 9', scope({}, '9'))).toEqual({ holds: true });
    expect(evaluateCondition('score > 10', scope({}, '9'))).toEqual({ holds: false });
    expect(evaluateCondition("mood == 'Happy'", scope({ mood: 'happy' }))).toEqual({ holds: true });
    expect(evaluateCondition('mood != "sad"', scope({ mood: 'happy' }))).toEqual({ holds: true });
    expect(evaluateCondition('answer contains "light"', scope({ answer: 'Sunlight!' }))).toEqual({
      holds: true,
    });
    expect(evaluateCondition('answer !contains "light"', scope({ answer: 'Sunlight!' }))).toEqual({
      holds: false,
    });
    expect(evaluateCondition('{{mood}} == happy', scope({ mood: 'happy' }))).toEqual({ holds: true });
    // The right side is a value as written; a name there goes in {{ }}.
    expect(evaluateCondition('mood == happy', scope({ mood: 'happy', happy: 'no' }))).toEqual({
      holds: true,
    });
    expect(evaluateCondition('a == {{b}}', scope({ a: 'x', b: 'x' }))).toEqual({ holds: true });
  });

  it('a bare name is true when set and not false or 0; nonsense is invalid', () => {
    expect(evaluateCondition('done', scope({ done: 'yes' }))).toEqual({ holds: true });
    expect(evaluateCondition('done', scope({ done: '0' }))).toEqual({ holds: false });
    expect(evaluateCondition('missing', scope())).toEqual({ holds: false });
    expect(evaluateCondition('a b c', scope())).toEqual({ holds: false, invalid: true });
  });
});

describe('answers and xAPI helpers', () => {
  it('parseAnswer keeps well-formed answers, drops NUL, refuses the rest', () => {
    expect(parseAnswer({ kind: 'text', text: 'a\u0000b' })).toEqual({ kind: 'text', text: 'ab' });
    expect(parseAnswer({ kind: 'quiz', responses: { q1: ['A', 1, {}], q2: 2 } })).toEqual({
      kind: 'quiz',
      responses: { q1: ['A'], q2: '2' },
    });
    expect(parseAnswer({ kind: 'media', url: '' })).toBeUndefined();
    expect(parseAnswer({ kind: 'hack' })).toBeUndefined();
    expect(parseAnswer([])).toBeUndefined();
  });

  it('xapiScore scales raw over max; verbs by name or IRI', () => {
    expect(xapiScore(3, 4)).toEqual({ raw: 3, min: 0, max: 4, scaled: 0.75 });
    expect(xapiScore(2, 0)).toEqual({ raw: 2, min: 0, max: 0 });
    expect(verbFromSetting('Passed')).toBe('passed');
    expect(verbFromSetting('https://w3id.org/xapi/dod-isd/verbs/reviewed')).toEqual({
      id: 'https://w3id.org/xapi/dod-isd/verbs/reviewed',
      name: 'reviewed',
    });
    expect(verbFromSetting('danced')).toBeUndefined();
  });

  it('uuidFrom makes version-4 UUIDs', () => {
    let i = 0;
    const id = uuidFrom(() => ((i++ * 7) % 16) / 16);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('lists every message key the player must translate', () => {
    expect(RUNTIME_MESSAGE_KEYS).toContain('runtime.issues.ai-failed');
    expect(RUNTIME_MESSAGE_KEYS).toContain('runtime.unavailable.not-in-player');
    expect(new Set(RUNTIME_MESSAGE_KEYS).size).toBe(RUNTIME_MESSAGE_KEYS.length);
  });
});
