import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../domain/languages';
import { zText } from './text';

/** Contract of organisations, spaces and languages (spec 01 §3, §7). */
export const ZModelsPerNode = z.record(zText(), z.array(zText()));

export const ZOrgEntry = z.object({
  _id: zText(),
  orgId: zText(),
  name: zText(),
  description: zText(),
  orgCode: zText(),
  iconUrl: zText().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
  role: z.enum(['admin', 'member']),
  disableModel: ZModelsPerNode,
  additionalModel: ZModelsPerNode,
});
export type TOrgEntry = z.infer<typeof ZOrgEntry>;

export const ZOrganizationsResponse = z.object({
  data: z.array(ZOrgEntry),
  /** '' means the personal space. */
  lastVisitedOrgId: zText(),
  success: z.boolean(),
});
export type TOrganizationsResponse = z.infer<typeof ZOrganizationsResponse>;

export const ZSwitchOrgRequest = z.object({ orgId: zText().max(64) });
export const ZSwitchOrgResponse = z.object({
  success: z.boolean(),
  message: zText(),
  lastVisitedOrgId: zText(),
});

export const ZOrgByCode = ZOrgEntry.omit({ role: true }).extend({ isMember: z.boolean() });
export const ZOrgByCodeResponse = z.object({ data: ZOrgByCode });

export const ZOrgPublic = z.object({
  _id: zText(),
  orgId: zText(),
  name: zText(),
  orgCode: zText(),
  iconUrl: zText().nullable(),
});
export type TOrgPublic = z.infer<typeof ZOrgPublic>;
export const ZOrgPublicResponse = z.object({ data: ZOrgPublic });

export const ZOrgCodeQuery = z.object({
  orgcode: zText().trim().toLowerCase().min(1, 'is required').max(64),
});

export const ZJoinOrgResponse = z.object({ data: ZOrgEntry, message: zText() });

export const ZLanguageCode = z.enum(SUPPORTED_LANGUAGES);

export const ORG_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,30}[a-z0-9])$/;
export const ZCreateOrgRequest = z.object({
  name: zText().trim().min(1, 'is required').max(80),
  description: zText().trim().max(500).optional(),
  orgCode: zText()
    .trim()
    .toLowerCase()
    .regex(ORG_CODE_PATTERN, 'must be 3–32 letters, digits or hyphens')
    .optional(),
  // http(s) only: the icon is put in <img src>, where other schemes have no business.
  iconUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2048)
    .optional(),
  /** The organisation's default language (spec 01 §9), chosen at creation; none when left out. */
  defaultLanguage: ZLanguageCode.optional(),
});
export type TCreateOrgRequest = z.infer<typeof ZCreateOrgRequest>;

/**
 * POST /api/organizations/{id}/org-code (admins of the organisation): `{ orgCode }` sets the chosen
 * code, `{}` makes a fresh random one → { data: TOrgEntry, message }. The old code stops working.
 */
export const ZOrgIdParam = z.object({ id: zText().max(64) });
export const ZChangeOrgCodeRequest = ZCreateOrgRequest.pick({ orgCode: true });
export type TChangeOrgCodeRequest = z.infer<typeof ZChangeOrgCodeRequest>;
export const ZChangeOrgCodeResponse = z.object({ data: ZOrgEntry, message: zText() });
/** Unknown codes one caller may look up in 15 minutes before every lookup answers 429. */
export const ORG_CODE_LOOKUP_MISSES = 10;
export const ZCreateOrgResponse = z.object({ data: ZOrgEntry });

export const ZSetDefaultLanguageRequest = z.object({ language: ZLanguageCode, orgId: zText().optional() });
export const ZUserDefaultLanguageResponse = z.object({
  personalSpace: z.object({ defaultLanguage: zText().nullable() }),
  orgs: z.array(z.object({ id: zText(), defaultLanguage: zText().nullable() })),
  linkedWithGoogleSpreadSheet: z.boolean(),
});
export type TUserDefaultLanguageResponse = z.infer<typeof ZUserDefaultLanguageResponse>;

/** Answer of PUT /api/users/default-language: the languages after the change. */
export const ZSetDefaultLanguageResponse = ZUserDefaultLanguageResponse.extend({
  success: z.boolean(),
  message: zText(),
});
export type TSetDefaultLanguageResponse = z.infer<typeof ZSetDefaultLanguageResponse>;

/**
 * Words that cannot be organisation codes: they are the second path segment of other pages
 * (/editor/login, /editor/personal…) or top-level folders of the served app (spec 01 §2).
 */
export const RESERVED_ORG_CODES: readonly string[] = [
  'personal',
  'login',
  'explore',
  'editor',
  'api',
  'assets',
  'locales',
  'icons',
  'signup',
  'org-login',
  'reset-password',
  'callback',
  'redirect',
  'error',
  'join-org',
  'viewer',
];
