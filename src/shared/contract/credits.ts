import { z } from 'zod';
import { creditsFrom } from '../domain/decimal';
import { zText } from './text';

/**
 * Contract of credits (spec 03 §5, §7, §8; spec 02 §5). Amounts in answers are JSON numbers rounded
 * to 6 decimals; amounts in requests are a number or a decimal string with up to 12 decimals, read
 * exactly (never as a float).
 *
 *   GET  /api/credits/balance            → TBalanceResponse (for the space in the orgId header)
 *   GET  /api/credits/ledger?wallet=&limit=&before=  → TLedgerResponse, newest first
 *   PUT  /api/credits/monthly-limit      TMonthlyLimitRequest → { data: TOrgBalance } (org admins)
 *   POST /api/credits/grants             TGrantRequest → 201 { data: TGrantResult, message } (ADMIN_EMAILS)
 *   GET  /api/credits/grants?limit=      → { data: TGrant[] } (ADMIN_EMAILS)
 */

/** Scaled bigint credits from a request: > 0 and at most 12 decimals; 400 naming the field otherwise. */
export const ZCreditAmount = z.union([z.number(), zText().trim().max(40)]).transform((v, ctx) => {
  try {
    const amount = creditsFrom(v);
    if (amount <= 0n) ctx.addIssue({ code: 'custom', message: 'must be greater than 0' });
    // NUMERIC(30,12): 18 whole digits at most.
    else if (amount >= 10n ** 30n) ctx.addIssue({ code: 'custom', message: 'is too large' });
    return amount;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a decimal number with at most 12 decimals' });
    return z.NEVER;
  }
});

export const ZWalletBalance = z.object({
  /** What can be spent now: the balance minus credits held by running calls. */
  balance: z.number(),
  /** Held by calls still running (reserved, not yet settled). */
  held: z.number(),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

export const ZOrgBalance = ZWalletBalance.extend({
  orgId: zText(),
  /** null: no monthly limit. */
  monthlyLimit: z.number().nullable(),
  usedThisMonth: z.number(),
});
export type TOrgBalance = z.infer<typeof ZOrgBalance>;

export const ZBalanceResponse = z.object({
  data: z.object({
    personal: ZWalletBalance,
    organization: ZOrgBalance.optional(),
    /** The caller may grant credits (listed in ADMIN_EMAILS). */
    canGrant: z.boolean(),
  }),
});
export type TBalanceResponse = z.infer<typeof ZBalanceResponse>;

/** Why credits moved: shown in the ledger. */
export const CREDIT_REASONS = ['grant', 'usage', 'topUp', 'refund', 'transfer'] as const;
export const ZCreditReason = z.enum(CREDIT_REASONS);
export type TCreditReason = z.infer<typeof ZCreditReason>;

export const ZLedgerEntry = z.object({
  _id: zText(),
  /** Signed: positive into this wallet, negative out of it. */
  amount: z.number(),
  /** This wallet's balance right after the movement. */
  balanceAfter: z.number().nullable(),
  reason: zText(),
  reference: zText(),
  /** The name of the API key a reference `apiKey:<id>` stands for, when this wallet may know it. */
  apiKeyName: zText().optional(),
  createdAt: zText(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const LEDGER_PAGE = 20;
export const ZLedgerQuery = z.object({
  wallet: z.enum(['personal', 'organization']).default('personal'),
  limit: z.coerce.number().int().min(1).max(100).default(LEDGER_PAGE),
  /** The `nextCursor` of the previous page. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const ZLedgerResponse = z.object({
  data: z.array(ZLedgerEntry),
  nextCursor: z.number().nullable(),
});
export type TLedgerResponse = z.infer<typeof ZLedgerResponse>;

export const ZMonthlyLimitRequest = z.object({
  /** null removes the limit. */
  monthlyLimit: z.union([z.null(), z.number(), zText().trim().max(40)]).transform((v, ctx) => {
    if (v === null || v === '') return null;
    try {
      const amount = creditsFrom(v);
      if (amount < 0n) ctx.addIssue({ code: 'custom', message: 'must be 0 or more' });
      else if (amount >= 10n ** 30n) ctx.addIssue({ code: 'custom', message: 'is too large' });
      return amount;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a decimal number with at most 12 decimals' });
      return z.NEVER;
    }
  }),
});
export const ZOrgBalanceResponse = z.object({ data: ZOrgBalance });

const ZEmail = zText().trim().toLowerCase().email('must be an e-mail address').max(254);
export const ZGrantRequest = z
  .object({
    email: ZEmail.optional(),
    orgCode: zText().trim().toLowerCase().min(1).max(64).optional(),
    amount: ZCreditAmount,
    note: zText().trim().max(200).optional(),
    /** A retried grant with the same key is applied once. */
    idempotencyKey: zText().trim().min(8).max(100).optional(),
  })
  .refine((g) => Boolean(g.email) !== Boolean(g.orgCode), {
    message: 'give either email or orgCode',
    path: ['email'],
  });
export type TGrantRequest = z.infer<typeof ZGrantRequest>;

export const ZGrant = z.object({
  _id: zText(),
  amount: z.number(),
  target: z.object({ kind: z.enum(['user', 'org']), label: zText() }),
  note: zText(),
  createdAt: zText(),
});
export type TGrant = z.infer<typeof ZGrant>;
export const ZGrantResponse = z.object({
  data: ZGrant.extend({ balance: z.number(), replayed: z.boolean() }),
  message: zText(),
});
export const ZGrantListResponse = z.object({ data: z.array(ZGrant) });
export const ZGrantListQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/**
 * The shared top-up body (spec 02 §7 access links, spec 03 §7 API keys): where the credits come from.
 * In an organisation space it must be `organization` (PAY_BY_ORG); in the personal space `personal`.
 */
export const ZTopUpRequest = z.object({
  amount: ZCreditAmount,
  deductFrom: z.enum(['personal', 'organization']),
});
export type TTopUpRequest = z.infer<typeof ZTopUpRequest>;
export type TDeductFrom = TTopUpRequest['deductFrom'];

export { CREDITS_CHANGED_HEADER } from '../api/credits-header';
