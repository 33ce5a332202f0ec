import type { THandleType } from '../node-catalogue';
import type { TXapiStatement } from './xapi';

/** Plain JSON: everything in a run's state is made of it, so the state survives JSON and IndexedDB. */
export type TJson = null | boolean | number | string | TJson[] | { [key: string]: TJson };

/** Handle types that carry a value along a data link (the others order the walk). */
export type TDataType = Exclude<THandleType, 'statement' | 'execution' | 'branch'>;

/**
 * A value on a data link, tagged with the handle type it travels on (link rules only join handles of
 * one type, so a consumer receives the type its input declares). URLs are ready for the renderer: the
 * storage port has already turned stored file keys into addresses.
 */
export type TValue =
  | { type: 'text'; text: string }
  | { type: 'json'; json: TJson }
  | { type: 'image'; url: string; alt?: string }
  | { type: 'speech'; url: string }
  | { type: 'video'; url: string }
  | { type: 'file'; url: string; name?: string; mediaType?: string }
  | { type: 'drive'; url: string; name?: string }
  /** A knowledge bank's content for a prompt: its id (the AI port retrieves) and any inline text. */
  | { type: 'knowledge'; bankId: string; text: string }
  | { type: 'bank'; bankId: string }
  | { type: 'csv'; rows: string[][] }
  | { type: 'xApiStatement'; statement: TXapiStatement };

// Compile-time check that every data type has a value shape.
type TMissingValueShape = Exclude<TDataType, TValue['type']>;
const _everyDataTypeHasAValue: TMissingValueShape extends never ? true : false = true;
void _everyDataTypeHasAValue;

export const text = (value: string): TValue => ({ type: 'text', text: value });

/** What a value reads as when a block needs text (a prompt, a journal entry, a merge). */
export function valueAsText(value: TValue): string {
  switch (value.type) {
    case 'text':
      return value.text;
    case 'json':
      return typeof value.json === 'string' ? value.json : JSON.stringify(value.json, null, 2);
    case 'knowledge':
      return value.text;
    case 'bank':
      return value.bankId;
    case 'csv':
      return value.rows.map((r) => r.join(',')).join('\n');
    case 'xApiStatement':
      return JSON.stringify(value.statement);
    default:
      return value.url;
  }
}

/** JSON text → JSON; also finds the JSON inside a model's answer (code fences, prose around it). */
export function extractJson(raw: string): TJson | undefined {
  const attempts = [raw.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(raw);
  if (fenced) attempts.push(fenced[1].trim());
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ]) {
    const a = raw.indexOf(open);
    const b = raw.lastIndexOf(close);
    if (a >= 0 && b > a) attempts.push(raw.slice(a, b + 1));
  }
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt) as TJson;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

/** PostgreSQL refuses U+0000 in JSONB: learner answers and model text are cleaned before they are kept. */
export const clean = (s: string): string => s.split('\u0000').join('');

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
