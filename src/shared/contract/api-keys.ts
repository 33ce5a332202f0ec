import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * API keys (spec 03 §1, §7, §9). Signed-in user, in the space of the `orgId` header:
 *   POST   /api/api-keys                 { name } → 201 { data: TApiKey & { apiKey: secret }, message }
 *   GET    /api/api-keys?keyword=&skip=&limit=&sortBy=&order=  → { apiKeys: TApiKey[], total }
 *   PUT    /api/api-keys/{id}            { name } → { data: TApiKey, message }
 *   POST   /api/api-keys/topup/{id}      TTopUpRequest → { data: TApiKey, message: 'Topup success' }
 *   DELETE /api/api-keys/{id}/refund     → { message, refunded } (the balance goes back, then the key stops)
 *   GET    /api/api-keys/{id}/activity?days=  → TApiKeyActivity (calls, tasks, credits per day)
 * A key belongs to the space it was made in: its owner manages it, and in an organisation its admins
 * too. Top-ups come from the space's wallet (organisation, or personal); the refund goes back there.
 * The secret (`flk_…`) is in the create answer only; later answers show `display`.
 */

export const API_KEY_PAGE_SIZE = 10;
export const API_KEY_NAME_MAX = 100;
export const API_KEY_PREFIX = 'flk_';

export const ZApiKeyName = zText().trim().min(1, 'is required').max(API_KEY_NAME_MAX);
export const ZCreateApiKeyRequest = z.object({ name: ZApiKeyName });
export const ZRenameApiKeyRequest = z.object({ name: ZApiKeyName });
export const ZApiKeyIdParam = z.object({ id: ZId });

export const API_KEY_SORTS = ['createdAt', 'updatedAt', 'name', 'lastUsedAt'] as const;
export const ZApiKeyListQuery = z.object({
  keyword: zText().trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(API_KEY_PAGE_SIZE),
  sortBy: z.enum(API_KEY_SORTS).default('createdAt'),
  /** Descending by default (spec 03 §9). */
  order: z.enum(['desc', 'asc']).default('desc'),
});
export type TApiKeyListQuery = {
  keyword?: string;
  skip?: number;
  limit?: number;
  sortBy?: (typeof API_KEY_SORTS)[number];
  order?: 'asc' | 'desc';
};
export type TApiKeyListParsed = z.infer<typeof ZApiKeyListQuery>;

export const ZApiKey = z.object({
  _id: zText(),
  id: zText(),
  name: zText(),
  /** A recognisable prefix of the secret, e.g. 'flk_AbCd…wXyZ'. */
  display: zText(),
  orgId: zText().nullable(),
  ownerId: zText(),
  /** Credits the key can spend now (numbers rounded to 6 decimals). */
  balance: z.number(),
  /** Credits its calls have spent. */
  used: z.number(),
  lastUsedAt: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyCreated = z.object({
  data: ZApiKey.extend({ apiKey: zText() }),
  message: zText(),
});
export const ZApiKeyResponse = z.object({ data: ZApiKey, message: zText().optional() });
export const ZApiKeyListResponse = z.object({ apiKeys: z.array(ZApiKey), total: z.number().int() });
export const ZApiKeyRefundResponse = z.object({ message: zText(), refunded: z.number() });

export const ZApiKeyActivityQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export const ZApiKeyActivityDay = z.object({
  /** 'YYYY-MM-DD' (UTC). */
  date: zText(),
  calls: z.number().int(),
  tasks: z.number().int(),
  credits: z.number(),
});
export const ZApiKeyActivity = z.object({
  data: z.object({ key: ZApiKey, days: z.array(ZApiKeyActivityDay) }),
});
export type TApiKeyActivity = z.infer<typeof ZApiKeyActivity>['data'];

export const ApiKeyMessage = {
  created: 'API key created successfully.',
  renamed: 'API key updated successfully.',
  toppedUp: 'Topup success',
  refunded: 'API key refunded and deleted.',
} as const;
