import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * Prompt templates (spec 03 §3). Signed-in user, in the space of the `orgId` header:
 *   GET    /api/prompt-templates?keyword=     → { templates: TPromptTemplate[], total }
 *   POST   /api/prompt-templates              TPromptTemplateInput → 201 { data: TPromptTemplate, message }
 *   GET    /api/prompt-templates/{id}         → { data: TPromptTemplate }
 *   PUT    /api/prompt-templates/{id}         TPromptTemplateInput → { data: TPromptTemplate, message }
 *   DELETE /api/prompt-templates/{id}         → { message }
 * A template belongs to one space. Every member of the space reads it; in the personal space only its
 * owner exists; in an organisation every member may add one, and its author and the organisation's
 * admins change or delete it (another member gets 403). A template of another space is 404.
 *
 * `{{name}}` in systemPrompt/userPrompt is replaced by the field of that name (domain/prompt-template.ts).
 */

export const PROMPT_TEMPLATE_LIMITS = {
  name: 100,
  description: 500,
  prompt: 20_000,
  sections: 10,
  fieldsPerSection: 20,
  fields: 50,
  label: 100,
  fieldName: 40,
  placeholder: 200,
  fieldDescription: 300,
  value: 5_000,
  compatibleModels: 20,
  modelText: 100,
  icon: 40,
  list: 200,
} as const;
const L = PROMPT_TEMPLATE_LIMITS;

/** How a field is typed in the fill-in form: one line, several lines, a number, or a web address. */
export const PROMPT_FIELD_TYPES = ['text', 'textarea', 'number', 'url'] as const;
export type TPromptFieldType = (typeof PROMPT_FIELD_TYPES)[number];

/** Which model writes the answer: the template's selectedModel, or the one the block or chat has chosen. */
export const GENERATE_TEXT_USING = ['selectedModel', 'callerModel'] as const;

/** A placeholder's name: what authors type between {{ }} in the prompts. */
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const ZPromptField = z.object({
  label: zText().trim().min(1, 'is required').max(L.label),
  name: zText()
    .trim()
    .min(1, 'is required')
    .max(L.fieldName)
    .regex(FIELD_NAME_PATTERN, 'must start with a letter and hold only letters, digits and _'),
  /** The default value, offered when the form opens. */
  value: zText().max(L.value).default(''),
  type: z.enum(PROMPT_FIELD_TYPES).default('text'),
  required: z.boolean().default(false),
  placeholder: zText().max(L.placeholder).default(''),
  /** Longest answer a learner or author may type; at most PROMPT_TEMPLATE_LIMITS.value. */
  maxLength: z.number().int().min(1).max(L.value).nullable().default(null),
  description: zText().max(L.fieldDescription).default(''),
});
export type TPromptField = z.infer<typeof ZPromptField>;

export const ZPromptSection = z.object({
  name: zText().trim().max(L.label).default(''),
  fields: z.array(ZPromptField).max(L.fieldsPerSection),
});
export type TPromptSection = z.infer<typeof ZPromptSection>;

export const ZCompatibleModel = z.object({
  name: zText().trim().min(1, 'is required').max(L.modelText),
  model: zText().trim().min(1, 'is required').max(L.modelText),
  description: zText().max(L.fieldDescription).default(''),
});

export const ZPromptTemplateInput = z
  .object({
    name: zText().trim().min(1, 'is required').max(L.name),
    description: zText().trim().max(L.description).default(''),
    systemPrompt: zText().max(L.prompt).default(''),
    userPrompt: zText().max(L.prompt).default(''),
    compatibleModel: z.array(ZCompatibleModel).max(L.compatibleModels).default([]),
    selectedModel: zText().trim().max(L.modelText).default(''),
    generateTextUsing: z.enum(GENERATE_TEXT_USING).default('callerModel'),
    sections: z.array(ZPromptSection).max(L.sections).default([]),
    icon: zText().trim().max(L.icon).default(''),
  })
  .superRefine((t, ctx) => {
    if (!t.systemPrompt.trim() && !t.userPrompt.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['userPrompt'],
        message: 'is required when systemPrompt is empty',
      });
    const seen = new Set<string>();
    let count = 0;
    t.sections.forEach((s, si) => {
      s.fields.forEach((f, fi) => {
        count += 1;
        if (seen.has(f.name))
          ctx.addIssue({
            code: 'custom',
            path: ['sections', si, 'fields', fi, 'name'],
            message: 'is used twice',
          });
        seen.add(f.name);
        if (f.maxLength !== null && f.value.length > f.maxLength)
          ctx.addIssue({
            code: 'custom',
            path: ['sections', si, 'fields', fi, 'value'],
            message: `is longer than maxLength (${f.maxLength})`,
          });
      });
    });
    if (count > L.fields)
      ctx.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `hold more than ${L.fields} fields in all`,
      });
    if (t.generateTextUsing === 'selectedModel' && !t.selectedModel)
      ctx.addIssue({
        code: 'custom',
        path: ['selectedModel'],
        message: 'is required when generateTextUsing is selectedModel',
      });
  });
export type TPromptTemplateInput = z.input<typeof ZPromptTemplateInput>;
export type TPromptTemplateParsed = z.infer<typeof ZPromptTemplateInput>;

export const ZPromptTemplate = z.object({
  _id: zText(),
  id: zText(),
  orgId: zText().nullable(),
  ownerId: zText(),
  name: zText(),
  description: zText(),
  systemPrompt: zText(),
  userPrompt: zText(),
  compatibleModel: z.array(ZCompatibleModel),
  selectedModel: zText(),
  generateTextUsing: z.enum(GENERATE_TEXT_USING),
  sections: z.array(ZPromptSection),
  icon: zText(),
  /** Whether the caller may change or delete it. */
  canEdit: z.boolean(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TPromptTemplate = z.infer<typeof ZPromptTemplate>;

export const ZPromptTemplateIdParam = z.object({ id: ZId });
export const ZPromptTemplateListQuery = z.object({ keyword: zText().trim().max(200).optional() });
export const ZPromptTemplateListResponse = z.object({
  templates: z.array(ZPromptTemplate),
  total: z.number().int(),
});
export const ZPromptTemplateResponse = z.object({ data: ZPromptTemplate, message: zText().optional() });
export const ZPromptTemplateDeleted = z.object({ message: zText() });

export const PromptTemplateMessage = {
  created: 'Prompt template created.',
  updated: 'Prompt template saved.',
  deleted: 'Prompt template deleted.',
  forbidden: 'Only its author or an organisation admin can change this template.',
  tooMany: `A space holds at most ${L.list} prompt templates.`,
} as const;
