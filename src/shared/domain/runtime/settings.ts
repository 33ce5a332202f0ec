import { nodeSpec } from '../node-catalogue';
import type { TRunNode } from './graph';
import { isRecord, type TJson } from './values';

/**
 * A block's settings, read from what authors set. A setting is taken from the node's `data[key]`
 * (a .flow import, the generator, a block panel that names its fields), otherwise from the block's
 * `forms` list, the one field every block's panel offers today (spec 01 §3: each with id and value):
 * a form whose id is the key, else the form at the setting's position. The README's Design notes list
 * each block's keys and positions.
 */
export type TSettings = {
  /** The block's label, as the author named it (the catalogue name when never renamed). */
  label: string;
  text(keys: ReadonlyArray<string>, formIndex?: number): string | undefined;
  number(keys: ReadonlyArray<string>, formIndex?: number): number | undefined;
  bool(key: string): boolean;
  /** Non-empty form values in order, e.g. the words of a Find Word block or a Form's field labels. */
  formValues(): Array<{ id: string; value: string }>;
  /** A setting that may be JSON already (data.quiz as an object) or JSON text. */
  json(keys: ReadonlyArray<string>, formIndex?: number): { value?: TJson; invalid?: true };
  raw(key: string): unknown;
};

function forms(data: Record<string, unknown>): Array<{ id: string; value: string }> {
  if (!Array.isArray(data.forms)) return [];
  return data.forms.filter(isRecord).map((f) => ({
    id: typeof f.id === 'string' ? f.id : '',
    value: typeof f.value === 'string' ? f.value : typeof f.value === 'number' ? String(f.value) : '',
  }));
}

/** The block's settings; its label falls back to the catalogue name, as the canvas shows it. */
export function settingsOf(node: TRunNode): TSettings {
  const fallbackLabel = nodeSpec(node.type)?.name ?? node.type;
  const data = node.data;
  const list = forms(data);
  const fromData = (keys: ReadonlyArray<string>): unknown => {
    for (const k of keys) {
      const v = data[k];
      if (v !== undefined && v !== null && v !== '') return v;
    }
    return undefined;
  };
  const fromForms = (keys: ReadonlyArray<string>, formIndex?: number): string | undefined => {
    const byId = list.find((f) => keys.includes(f.id) && f.value.trim() !== '');
    if (byId) return byId.value;
    const at = formIndex === undefined ? undefined : list[formIndex]?.value;
    return at !== undefined && at.trim() !== '' ? at : undefined;
  };
  const text = (keys: ReadonlyArray<string>, formIndex?: number): string | undefined => {
    const v = fromData(keys);
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return fromForms(keys, formIndex);
  };
  const label = typeof data.label === 'string' && data.label.trim() !== '' ? data.label : fallbackLabel;
  return {
    label,
    text,
    number(keys, formIndex) {
      const v = text(keys, formIndex);
      const n = v === undefined ? Number.NaN : Number(v.trim());
      return Number.isFinite(n) ? n : undefined;
    },
    bool: (key) => data[key] === true || data[key] === 'true',
    formValues: () => list.filter((f) => f.value.trim() !== ''),
    json(keys, formIndex) {
      const v = fromData(keys);
      if (v !== undefined && typeof v !== 'string') return { value: v as TJson };
      const s = typeof v === 'string' ? v : fromForms(keys, formIndex);
      if (s === undefined) return {};
      try {
        return { value: JSON.parse(s) as TJson };
      } catch {
        return { invalid: true };
      }
    },
    raw: (key) => data[key],
  };
}

/**
 * `{{name}}` in an author's text → the run's variable of that name. Unknown names stay as written:
 * an author may mean the braces, and a visible `{{name}}` tells them which label is missing.
 */
export function interpolate(template: string, variables: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name] : whole,
  );
}

export const clamp = (n: number, min: number, max: number): number => Math.min(Math.max(n, min), max);
