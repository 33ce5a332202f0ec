import type { TCreditReason } from '../../shared/contract/credits';
import type { TWalletOwner } from './wallets';

/* The credits service's inputs and answers (amounts in scaled bigint credits, 1 credit = 10^12). */
export interface TMoveRequest {
  amount: bigint;
  reason?: TCreditReason;
  /** What the movement is about, shown in the ledger: 'chat:<id>', 'apiKey:<id>', a grant's note… */
  reference?: string;
  /** Unique per intended movement; reuse it when retrying the same request. */
  idempotencyKey: string;
  /** The user who caused it, when there is one. */
  by?: string | null;
}

export interface TTransferResult {
  /** null only for a charge of 0 (nothing moved). */
  transferId: string | null;
  replayed: boolean;
  amount: bigint;
  /** Balances right after the movement (null for the system side). */
  fromBalance: bigint | null;
  toBalance: bigint | null;
}

export interface TReservation {
  id: string;
  payer: TWalletOwner;
  amount: bigint;
  expiresAt: Date;
  replayed: boolean;
}

export interface TSettleResult {
  charged: bigint;
  /** Held credits given back. */
  freed: bigint;
  transferId: string | null;
  /** A hold that expired before it was settled and whose wallet could no longer pay: not charged. */
  shortfall: bigint;
}

export interface TBalance {
  /** Sum of the wallet's ledger entries. */
  balance: bigint;
  /** Held by running calls. */
  reserved: bigint;
  /** balance − reserved: what can be spent now. */
  available: bigint;
  monthlyLimit: bigint | null;
  usedThisMonth: bigint;
}

export interface TLedgerItem {
  id: string;
  seq: number;
  /** Signed for this wallet: + in, − out. */
  amount: bigint;
  balanceAfter: bigint | null;
  reason: string;
  reference: string;
  createdAt: Date;
}

export interface CreditsOptions {
  /** The clock (months of the limit, hold expiry); tests move it. */
  now?: () => Date;
  /** How long a hold lasts when its call never settles (default 30 minutes). */
  holdMs?: number;
}
