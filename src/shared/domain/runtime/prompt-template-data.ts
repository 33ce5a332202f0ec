import { fillPromptTemplate, type TFillableField } from '../prompt-template';
import { isRecord } from './values';

/**
 * A prompt block's chosen template (node data `promptTemplate`, spec 03 §3). The block keeps a copy
 * of the template with the author's field values, so the flow runs the same for every learner,
 * offline and in any space, even when the template is changed or deleted later.
 */
/** The prompt blocks whose executor takes a template in place of their own prompt (nodes/ai.ts). */
export const TEMPLATE_NODE_TYPES: ReadonlySet<string> = new Set([
  'promptNode',
  'simplePromptNode',
  'parallelProcessingNode',
  'scenariosNode',
  'localLLMConnectorNode',
]);

export interface TStoredPromptTemplate {
  templateId: string;
  name: string;
  systemPrompt: string;
  userPrompt: string;
  sections: Array<{ name: string; fields: TFillableField[] }>;
  values: Record<string, string>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function fieldOf(v: unknown): TFillableField | null {
  if (!isRecord(v) || typeof v.name !== 'string') return null;
  return {
    name: v.name,
    type: str(v.type) || 'text',
    required: v.required === true,
    maxLength: typeof v.maxLength === 'number' ? v.maxLength : null,
    value: str(v.value),
  };
}

/** The stored copy, or null when the data holds none (or something that is not one). */
export function storedTemplateOf(raw: unknown): TStoredPromptTemplate | null {
  if (!isRecord(raw) || (typeof raw.userPrompt !== 'string' && typeof raw.systemPrompt !== 'string'))
    return null;
  const sections = Array.isArray(raw.sections) ? raw.sections.filter(isRecord) : [];
  const values: Record<string, string> = {};
  if (isRecord(raw.values))
    for (const [k, v] of Object.entries(raw.values)) if (typeof v === 'string') values[k] = v;
  return {
    templateId: str(raw.templateId),
    name: str(raw.name),
    systemPrompt: str(raw.systemPrompt),
    userPrompt: str(raw.userPrompt),
    sections: sections.map((s) => ({
      name: str(s.name),
      fields: (Array.isArray(s.fields) ? s.fields : []).map(fieldOf).filter((f) => f !== null),
    })),
    values,
  };
}

/** The block's prompts from its template, filled with the stored values. */
export function promptsFromTemplate(raw: unknown): { system: string; user: string } | null {
  const stored = storedTemplateOf(raw);
  if (!stored) return null;
  const { system, user } = fillPromptTemplate(stored, stored.values);
  return { system, user };
}
