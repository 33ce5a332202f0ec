import type { TCatalogueResponse, TModelListResponse, TOrgModelsRequest } from '../../shared/contract/models';
import { creditsToNumber, parseCredits } from '../../shared/domain/decimal';
import {
  defaultModelFor,
  hasModels,
  MODEL_BY_CODE,
  MODEL_NODE_TYPES,
  modelOptions,
  type TModelOption,
  type TOrgModelSettings,
} from '../../shared/domain/models';
import type { AppDeps, SpaceInfo } from '../http/context';
import { badRequest, forbidden } from '../http/errors';
import { findOrgModels, type ModelsPerNode, saveOrgModels } from './models.repo';

const toDto = (o: TModelOption) => ({ ...o, price: creditsToNumber(parseCredits(o.price)) });

/** Keeps known node types and model codes, each listed once; 400 naming the first unknown one. */
function clean(field: string, perNode: Record<string, string[]>): ModelsPerNode {
  const out: ModelsPerNode = {};
  for (const [nodeType, codes] of Object.entries(perNode)) {
    if (!hasModels(nodeType)) throw badRequest(`${field}.${nodeType}: is not a node type with models`);
    const unknown = codes.find((c) => !MODEL_BY_CODE.has(c));
    if (unknown) throw badRequest(`${field}.${nodeType}: '${unknown}' is not a model of the catalogue`);
    const unique = [...new Set(codes)];
    if (unique.length) out[nodeType] = unique;
  }
  return out;
}

/** The model catalogue as a space sees it (spec 03 §1, §9) and the organisation's settings. */
export function createModelsService(deps: AppDeps) {
  const db = deps.database.db;
  const settingsOf = async (space: SpaceInfo): Promise<TOrgModelSettings> =>
    space.orgId ? ((await findOrgModels(db, space.orgId)) ?? {}) : {};

  return {
    async list(space: SpaceInfo, nodeType: string): Promise<TModelListResponse> {
      if (!hasModels(nodeType)) throw badRequest(`nodeType: '${nodeType}' has no model choice`);
      const options = modelOptions(nodeType, await settingsOf(space));
      return { data: options.map(toDto), defaultModel: defaultModelFor(nodeType, options) };
    },

    async catalogue(space: SpaceInfo): Promise<TCatalogueResponse> {
      const settings = await settingsOf(space);
      return {
        data: MODEL_NODE_TYPES.map((nodeType) => {
          const options = modelOptions(nodeType, settings);
          return { nodeType, models: options.map(toDto), defaultModel: defaultModelFor(nodeType, options) };
        }),
        canEdit: Boolean(space.orgId) && space.role === 'admin',
      };
    },

    /** Organisation admins replace the organisation's per-node-type settings. */
    async saveOrgSettings(space: SpaceInfo, body: TOrgModelsRequest) {
      if (!space.orgId) throw badRequest('orgId: choose an organisation space (orgId header)');
      if (space.role !== 'admin') throw forbidden('Only an administrator of this organization can do this.');
      const settings = {
        disableModel: clean('disableModel', body.disableModel),
        additionalModel: clean('additionalModel', body.additionalModel),
      };
      await saveOrgModels(db, space.orgId, settings);
      return settings;
    },
  };
}
