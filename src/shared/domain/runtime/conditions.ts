import { type TValue, valueAsText } from './values';

/**
 * Edge conditions (an edge's `data.condition`). The canvas writes `true` on links leaving Start
 * (spec 01 §4); imports and the generator may write `false` (a switched-off link) or a small
 * comparison, read here without eval:
 *
 *   score >= 3        answer contains photosynthesis        mood != 'sad'        {{a}} == {{b}}        found
 *
 * The left side is a name: the source block's output handle (a Quiz's `score`), else the run's
 * variable (Create Text Label); the right side is a value as written, or a name in {{ }}. Numbers
 * compare as numbers, other values as case-insensitive text; a bare name is true when it is
 * non-empty and not "false" or "0". Among several links from one output, the first whose condition
 * holds is followed.
 */
export type TConditionScope = {
  variables: Readonly<Record<string, string>>;
  sourceOutputs: Readonly<Record<string, TValue>> | undefined;
};

export type TConditionResult = { holds: boolean; invalid?: true };

const COMPARISON = /^(.+?)\s*(==|!=|>=|<=|>|<|\s!contains\s|\scontains\s)\s*(.+)$/s;
const NAME = /^[\p{L}\p{N}_.-]+$/u;

function operand(raw: string, scope: TConditionScope, side: 'name' | 'value'): string | undefined {
  const s = raw.trim();
  const quoted = /^(["'])(.*)\1$/s.exec(s);
  if (quoted) return quoted[2];
  if (s !== '' && Number.isFinite(Number(s))) return s;
  const braced = /^\{\{\s*(.+?)\s*\}\}$/.exec(s)?.[1];
  if (side === 'value' && braced === undefined) return s;
  const name = braced ?? s;
  if (!NAME.test(name)) return undefined;
  const fromSource = scope.sourceOutputs?.[name];
  if (fromSource) return valueAsText(fromSource);
  return scope.variables[name] ?? '';
}

const truthy = (s: string): boolean => {
  const t = s.trim().toLowerCase();
  return t !== '' && t !== 'false' && t !== '0';
};

function compare(left: string, op: string, right: string): boolean {
  const a = Number(left);
  const b = Number(right);
  const numeric = left.trim() !== '' && right.trim() !== '' && Number.isFinite(a) && Number.isFinite(b);
  const l = left.trim().toLowerCase();
  const r = right.trim().toLowerCase();
  switch (op.trim()) {
    case '==':
      return numeric ? a === b : l === r;
    case '!=':
      return numeric ? a !== b : l !== r;
    case '>':
      return numeric ? a > b : l > r;
    case '>=':
      return numeric ? a >= b : l >= r;
    case '<':
      return numeric ? a < b : l < r;
    case '<=':
      return numeric ? a <= b : l <= r;
    case 'contains':
      return l.includes(r);
    default:
      return !l.includes(r);
  }
}

export function evaluateCondition(condition: unknown, scope: TConditionScope): TConditionResult {
  if (condition === undefined || condition === null || condition === true) return { holds: true };
  if (condition === false) return { holds: false };
  if (typeof condition !== 'string') return { holds: false, invalid: true };
  const text = condition.trim();
  if (text === '' || text === 'true') return { holds: true };
  if (text === 'false') return { holds: false };
  const m = COMPARISON.exec(text);
  if (!m) {
    const v = operand(text, scope, 'name');
    return v === undefined ? { holds: false, invalid: true } : { holds: truthy(v) };
  }
  const left = operand(m[1], scope, 'name');
  const right = operand(m[3], scope, 'value');
  if (left === undefined || right === undefined) return { holds: false, invalid: true };
  return { holds: compare(left, m[2], right) };
}
