/**
 * Filling a prompt template (spec 03 §3): `{{name}}` in its system and user prompts becomes the value
 * of the field of that name. One pure function, used by the template screen's preview, the prompt
 * blocks' panel, the flow runtime and chat, so all of them send exactly the same words.
 * The shapes are structural (not the zod types) so the runtime can hand in a node's stored data.
 */

export interface TFillableField {
  name: string;
  label?: string;
  type?: string;
  required?: boolean;
  maxLength?: number | null;
  value?: string;
}

export interface TFillableTemplate {
  systemPrompt: string;
  userPrompt: string;
  sections: ReadonlyArray<{ fields: ReadonlyArray<TFillableField> }>;
}

export type TFieldProblem = 'required' | 'tooLong' | 'notNumber' | 'notUrl';

export interface TFilledPrompt {
  system: string;
  user: string;
  /** Per field name, what is wrong with its value; empty when the prompt may be sent. */
  problems: Record<string, TFieldProblem>;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export const templateFields = (t: Pick<TFillableTemplate, 'sections'>): TFillableField[] =>
  t.sections.flatMap((s) => s.fields);

/** The names the prompts use, in order of first use: a field nobody references is worth a warning. */
export function placeholdersOf(t: Pick<TFillableTemplate, 'systemPrompt' | 'userPrompt'>): string[] {
  const names = new Set<string>();
  for (const m of `${t.systemPrompt}\n${t.userPrompt}`.matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names];
}

function isUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What is wrong with one value, judged by the field's own rules; undefined when it is fine. */
export function fieldProblem(field: TFillableField, value: string): TFieldProblem | undefined {
  const v = value.trim();
  if (!v) return field.required ? 'required' : undefined;
  if (field.maxLength && value.length > field.maxLength) return 'tooLong';
  if (field.type === 'number' && !Number.isFinite(Number(v))) return 'notNumber';
  if (field.type === 'url' && !isUrl(v)) return 'notUrl';
  return undefined;
}

/**
 * The filled prompts. A value given in `values` wins over the field's default; a field left empty
 * becomes '' in the text. A placeholder that names no field stays as written, so the author sees
 * which name is wrong (the runtime's own `{{variable}}` works the same way).
 */
export function fillPromptTemplate(
  template: TFillableTemplate,
  values: Readonly<Record<string, string | undefined>>,
): TFilledPrompt {
  const fields = new Map(templateFields(template).map((f) => [f.name, f]));
  const problems: Record<string, TFieldProblem> = {};
  const resolved = new Map<string, string>();
  for (const [name, field] of fields) {
    const value = values[name] ?? field.value ?? '';
    const problem = fieldProblem(field, value);
    if (problem) problems[name] = problem;
    resolved.set(name, value);
  }
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => resolved.get(name) ?? whole);
  return { system: fill(template.systemPrompt), user: fill(template.userPrompt), problems };
}
