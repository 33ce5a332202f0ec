import { z } from 'zod';
import { zText } from './text';

/** Contract of the tool explorer and tool creation (spec 01 §3, §7; spec 03 §3, §5, §7). */
export const TAG_LIST_LIMIT = 20;
export const TOOL_SEARCH_LIMIT = 1000;
export const SEARCH_DEBOUNCE_MS = 1000;
export const EXPLORER_SKELETON_CARDS = 12;

export const ZPaymentOption = z.enum(['PAY_BY_ME', 'PAY_BY_ORG', 'PAY_BY_PARTICIPANT']);
export type TPaymentOption = z.infer<typeof ZPaymentOption>;

export const ZTag = z.object({
  id: zText(),
  _id: zText(),
  name: zText(),
  description: zText(),
  /** One of the global default tags (its name and description are shown translated). */
  isDefault: z.boolean().optional(),
});
export type TTag = z.infer<typeof ZTag>;
export const ZTagListResponse = z.object({ data: z.array(ZTag) });
export const ZTagQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(TAG_LIST_LIMIT) });
export const ZCreateTagRequest = z.object({
  name: zText().trim().min(1, 'is required').max(40),
  description: zText().trim().max(200).optional(),
});
export const ZUpdateTagRequest = ZCreateTagRequest.partial();
export const ZTagResponse = z.object({ data: ZTag, message: zText().optional() });

export const ZToolFlow = z.object({
  _id: zText(),
  name: zText(),
  description: zText(),
  iconUrl: zText().nullable(),
  projectId: zText().nullable(),
});

export const ZTool = z.object({
  id: zText(),
  _id: zText(),
  name: zText(),
  description: zText(),
  /** Short public code of the tool (used in share links). */
  code: zText(),
  status: z.enum(['active', 'archived']),
  iconUrl: zText().nullable(),
  type: zText(),
  flowIds: z.array(zText()),
  organizationId: zText().nullable(),
  tagIds: z.array(zText()),
  flowsCount: z.number(),
  flows: z.array(ZToolFlow),
  unitUsageOption: ZPaymentOption,
  endDate: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TTool = z.infer<typeof ZTool>;

export const ZToolSearchQuery = z.object({
  tagId: zText().optional(),
  keyword: zText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(TOOL_SEARCH_LIMIT).default(TOOL_SEARCH_LIMIT),
});
/**
 * A tool in a search answer: the fields of spec 01 §3's Tool. The payment option, end date and
 * times come with GET /api/tool/:id: the grid shows none of them, and up to 1000 tools of them made
 * the search slower (README, Performance).
 */
export const ZToolSearchItem = ZTool.omit({
  unitUsageOption: true,
  endDate: true,
  createdAt: true,
  updatedAt: true,
});
export type TToolSearchItem = z.infer<typeof ZToolSearchItem>;
export const ZToolSearchResponse = z.object({
  tools: z.array(ZToolSearchItem),
  total: z.number(),
  found: z.number(),
  success: z.boolean(),
});
export type TToolSearchResponse = z.infer<typeof ZToolSearchResponse>;

export const ZCreateToolRequest = z.object({
  name: zText().trim().min(1, 'is required').max(120),
  description: zText().trim().max(2000).default(''),
  iconUrl: zText().url().max(2048).nullable().optional(),
  type: zText().max(40).default('tool'),
  flowIds: z.array(zText()).min(1, 'choose at least one flow').max(100),
  tagIds: z.array(zText()).max(20).default([]),
  unitUsageOption: ZPaymentOption,
  endDate: zText().datetime().nullable().optional(),
});
export type TCreateToolRequest = z.input<typeof ZCreateToolRequest>;
export const ZToolResponse = z.object({ data: ZTool, message: zText().optional() });

/** POST /api/tool/generate-name-description (also used by assignments and tasks). */
export const ZGenerateNameRequest = z.object({
  flows: z.array(zText()).min(1, 'choose at least one flow').max(100),
});
export const ZGenerateNameResponse = z.object({
  name: zText(),
  description: zText(),
  /** 'offline' when the offline provider wrote it ("Offline demo — no AI model"). */
  provider: zText(),
});
export type TGenerateNameResponse = z.infer<typeof ZGenerateNameResponse>;
