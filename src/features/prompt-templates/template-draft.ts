import {
  type TPromptField,
  type TPromptTemplate,
  type TPromptTemplateParsed,
  ZPromptTemplateInput,
} from '../../shared/contract/prompt-templates';

/** What the editor holds: the contract's input with every default filled, so inputs are controlled. */
export type TDraft = TPromptTemplateParsed;

export const emptyField = (n: number): TPromptField => ({
  label: '',
  name: `field${n}`,
  value: '',
  type: 'text',
  required: false,
  placeholder: '',
  maxLength: null,
  description: '',
});

export function draftOf(t?: TPromptTemplate): TDraft {
  if (!t)
    return {
      name: '',
      description: '',
      systemPrompt: '',
      userPrompt: '',
      compatibleModel: [],
      selectedModel: '',
      generateTextUsing: 'callerModel',
      sections: [{ name: '', fields: [] }],
      icon: '',
    };
  const {
    name,
    description,
    systemPrompt,
    userPrompt,
    compatibleModel,
    selectedModel,
    generateTextUsing,
    sections,
    icon,
  } = t;
  return {
    name,
    description,
    systemPrompt,
    userPrompt,
    compatibleModel,
    selectedModel,
    generateTextUsing,
    sections,
    icon,
  };
}

/** A problem as an i18n key of the `templates` namespace and its values. */
export type TProblem = { key: string; max?: number };

/** The contract's issue → a message the screen can say in the user's language. */
function problemOf(
  issue: { code: string; message: string; path: PropertyKey[] } & Record<string, unknown>,
): TProblem {
  if (issue.code === 'too_small') return { key: 'problem.required' };
  if (issue.code === 'too_big') return { key: 'problem.tooLong', max: Number(issue.maximum) };
  if (issue.code === 'invalid_format') return { key: 'problem.fieldName' };
  if (issue.message === 'is used twice') return { key: 'problem.duplicate' };
  if (issue.message.startsWith('is longer than maxLength')) return { key: 'problem.valueTooLong' };
  if (issue.message.startsWith('is required')) return { key: 'problem.required' };
  if (issue.path.length === 1 && issue.path[0] === 'sections') return { key: 'problem.tooManyFields' };
  return { key: 'problem.invalid' };
}

/**
 * The contract's own checks, run in the browser before saving: per field path ('name',
 * 'sections.0.fields.1.label'), the first problem. The server runs the same schema.
 */
export function draftProblems(draft: TDraft): Record<string, TProblem> {
  const parsed = ZPromptTemplateInput.safeParse(draft);
  if (parsed.success) return {};
  const out: Record<string, TProblem> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= problemOf(issue as never);
  }
  return out;
}
