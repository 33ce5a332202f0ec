import { ErrorCode } from '../../shared/contract/errors';
import {
  PROMPT_TEMPLATE_LIMITS,
  PromptTemplateMessage,
  type TPromptTemplate,
  type TPromptTemplateParsed,
} from '../../shared/contract/prompt-templates';
import { newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { AppError, forbidden, notFound } from '../http/errors';
import {
  countTemplates,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  type PromptTemplateRow,
  type TemplateSpace,
  updateTemplate,
} from './prompt-templates.repo';

/** The caller in a space: in an organisation its admins may change every template. */
export interface TemplateCaller extends TemplateSpace {
  isOrgAdmin: boolean;
}

const missing = () => notFound('Prompt template');
const mayEdit = (caller: TemplateCaller, row: PromptTemplateRow) =>
  row.ownerId === caller.userId || (row.orgId !== null && caller.isOrgAdmin);

function toDto(row: PromptTemplateRow, caller: TemplateCaller): TPromptTemplate {
  return {
    _id: row.id,
    id: row.id,
    orgId: row.orgId,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    userPrompt: row.userPrompt,
    compatibleModel: row.compatibleModel,
    selectedModel: row.selectedModel,
    generateTextUsing: row.generateTextUsing,
    sections: row.sections,
    icon: row.icon,
    canEdit: mayEdit(caller, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createPromptTemplatesService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;

  async function editable(caller: TemplateCaller, id: string): Promise<PromptTemplateRow> {
    const row = await findTemplate(db, caller, id);
    if (!row) throw missing();
    if (!mayEdit(caller, row)) throw forbidden(PromptTemplateMessage.forbidden);
    return row;
  }

  return {
    async list(caller: TemplateCaller, keyword?: string) {
      const rows = await listTemplates(db, caller, keyword);
      return { templates: rows.map((r) => toDto(r, caller)), total: rows.length };
    },
    async get(caller: TemplateCaller, id: string) {
      const row = await findTemplate(db, caller, id);
      if (!row) throw missing();
      return { data: toDto(row, caller) };
    },
    async create(caller: TemplateCaller, input: TPromptTemplateParsed) {
      // A soft ceiling per space keeps the list (unpaged, read whole by pickers) small.
      if ((await countTemplates(db, caller)) >= PROMPT_TEMPLATE_LIMITS.list)
        throw new AppError(ErrorCode.VALIDATION_ERROR, 400, PromptTemplateMessage.tooMany);
      const row = await insertTemplate(db, {
        ...input,
        id: newId(),
        ownerId: caller.userId,
        orgId: caller.orgId,
      });
      return { data: toDto(row, caller), message: PromptTemplateMessage.created };
    },
    async update(caller: TemplateCaller, id: string, input: TPromptTemplateParsed) {
      await editable(caller, id);
      const row = await updateTemplate(db, caller, id, input);
      if (!row) throw missing();
      return { data: toDto(row, caller), message: PromptTemplateMessage.updated };
    },
    async remove(caller: TemplateCaller, id: string) {
      await editable(caller, id);
      if (!(await deleteTemplate(db, caller, id))) throw missing();
      return { message: PromptTemplateMessage.deleted };
    },
  };
}
