import { z } from 'zod';
import { zText } from './text';

/**
 * Contract of the model catalogue (spec 03 §1, §3, §9; spec 02 §3).
 *
 *   GET /api/models?nodeType=        → TModelListResponse for the space in the orgId header
 *   GET /api/models/catalogue        → every node type's list with the organisation's settings
 *   PUT /api/models/organization     TOrgModelsRequest → { data: { disableModel, additionalModel } } (org admins)
 */
export const ZModelOption = z.object({
  name: zText(),
  code: zText(),
  disabled: z.boolean(),
  providerModel: zText(),
  provider: zText(),
  /** Credits per unit (exact catalogue prices have at most 6 decimals). */
  price: z.number(),
  unit: z.enum(['tokens1k', 'image', 'minute', 'video', 'request']),
  /** Added by the organisation (not in the node type's own list). */
  added: z.boolean(),
});
export type TModelOptionDto = z.infer<typeof ZModelOption>;

export const ZModelListQuery = z.object({ nodeType: zText().trim().min(1, 'is required').max(80) });
export const ZModelListResponse = z.object({
  data: z.array(ZModelOption),
  defaultModel: zText().nullable(),
});
export type TModelListResponse = z.infer<typeof ZModelListResponse>;

export const ZModelsPerNodeRequest = z.record(
  zText().max(80),
  z.array(zText().trim().min(1).max(80)).max(100),
);
export const ZOrgModelsRequest = z.object({
  disableModel: ZModelsPerNodeRequest.default({}),
  additionalModel: ZModelsPerNodeRequest.default({}),
});
export type TOrgModelsRequest = z.infer<typeof ZOrgModelsRequest>;
export const ZOrgModelsResponse = z.object({
  data: z.object({
    disableModel: z.record(zText(), z.array(zText())),
    additionalModel: z.record(zText(), z.array(zText())),
  }),
  message: zText(),
});

export const ZCatalogueResponse = z.object({
  data: z.array(
    z.object({ nodeType: zText(), models: z.array(ZModelOption), defaultModel: zText().nullable() }),
  ),
  /** The caller may change the organisation's settings (an org admin in an organisation space). */
  canEdit: z.boolean(),
});
export type TCatalogueResponse = z.infer<typeof ZCatalogueResponse>;
