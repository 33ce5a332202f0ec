import { ErrorCode } from '../../shared/contract/errors';
import { formatCredits } from '../../shared/domain/decimal';
import { AppError } from '../http/errors';
import type { WalletKind } from './credits.repo';

/** Whose wallet: a user's personal wallet, an organisation's, an API key's or a public access link's. */
export type TWalletOwner =
  | { kind: 'user'; userId: string }
  | { kind: 'org'; orgId: string }
  | { kind: 'apiKey'; id: string }
  | { kind: 'accessLink'; id: string };

/** Counterparties without a balance row: where granted credits come from, where spent ones go. */
export const SYSTEM_GRANTS = 'system:grants';
export const SYSTEM_USAGE = 'system:usage';

export function ownerIdOf(owner: TWalletOwner): string {
  if (owner.kind === 'user') return owner.userId;
  if (owner.kind === 'org') return owner.orgId;
  return owner.id;
}

/** The wallet's id: `user:<id>`, `org:<id>`, `apiKey:<id>`, `accessLink:<id>`. */
export const walletIdOf = (owner: TWalletOwner): string => `${owner.kind}:${ownerIdOf(owner)}`;

/** The owner of a wallet id made by walletIdOf. */
export function ownerOfWalletId(walletId: string): TWalletOwner {
  const at = walletId.indexOf(':');
  const [kind, id] = [walletId.slice(0, at), walletId.slice(at + 1)];
  if (kind === 'user') return { kind, userId: id };
  if (kind === 'org') return { kind, orgId: id };
  if (kind === 'apiKey' || kind === 'accessLink') return { kind, id };
  throw new Error(`Not an owner wallet: ${walletId}`);
}

export const walletRef = (owner: TWalletOwner): { id: string; kind: WalletKind; ownerId: string } => ({
  id: walletIdOf(owner),
  kind: owner.kind,
  ownerId: ownerIdOf(owner),
});

/** 'YYYY-MM' in UTC: the month a monthly limit counts. */
export function monthKey(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 400 UNIT_BALANCE_INSUFFICIENT (personal, API key, link) or ORG_UNIT_BALANCE_INSUFFICIENT (spec 03 §8). */
export function insufficient(owner: TWalletOwner): AppError {
  if (owner.kind === 'org') {
    return new AppError(
      ErrorCode.ORG_UNIT_BALANCE_INSUFFICIENT,
      400,
      "Not enough units in the organisation's credit balance",
    );
  }
  const whose = owner.kind === 'user' ? 'your' : owner.kind === 'apiKey' ? "this API key's" : "this link's";
  return new AppError(
    ErrorCode.UNIT_BALANCE_INSUFFICIENT,
    400,
    `Not enough units: ${whose} credit balance is too low`,
  );
}

/** 403 ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED with the limit in the message and in details. */
export function overMonthlyLimit(limit: bigint): AppError {
  const text = formatCredits(limit);
  return new AppError(
    ErrorCode.ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED,
    403,
    `Usage exceeded the monthly credit limit of ${text} credits`,
    { limit: text },
  );
}
