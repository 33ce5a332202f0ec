import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import type { TBalanceResponse, TLedgerEntry } from '../../shared/contract/credits';
import { creditsApi } from './credits.api';

type TBalances = TBalanceResponse['data'];

/**
 * The navbar's balance (quickBalance): the current space's wallets, the latest ledger entries and,
 * when the server cannot be reached, the last balance this device saw with its time.
 */
export const quick = proxy({
  /** `${userId}:${spaceId}` the figures belong to. */
  key: '',
  balances: null as TBalances | null,
  /** When `balances` was read from the server (epoch ms). */
  asOf: null as number | null,
  /** The last refresh failed: what shows is the last known balance. */
  stale: false,
  loading: false,
  entries: [] as TLedgerEntry[],
  /** 'hidden': an organisation member, who may not read the organisation's ledger. */
  entriesState: 'idle' as 'idle' | 'loading' | 'ready' | 'hidden' | 'failed',
});

const STORE_PREFIX = 'credits:last:';

function remember(key: string, balances: TBalances, asOf: number): void {
  try {
    localStorage.setItem(STORE_PREFIX + key, JSON.stringify({ balances, asOf }));
  } catch {
    // Storage may be full or unavailable: the balance still shows for this tab.
  }
}

function recall(key: string): { balances: TBalances; asOf: number } | null {
  try {
    const raw = localStorage.getItem(STORE_PREFIX + key);
    return raw ? (JSON.parse(raw) as { balances: TBalances; asOf: number }) : null;
  } catch {
    return null;
  }
}

let inflight = 0;

/** Loads the balance of `spaceId` for `userId`; shows the last known one meanwhile and on failure. */
export async function loadBalance(userId: string, spaceId: string): Promise<void> {
  const key = `${userId}:${spaceId}`;
  if (quick.key !== key) {
    const last = recall(key);
    quick.key = key;
    quick.balances = last?.balances ?? null;
    quick.asOf = last?.asOf ?? null;
    quick.stale = Boolean(last);
    quick.entriesState = 'idle';
    quick.entries = [];
  }
  const mine = ++inflight;
  quick.loading = true;
  try {
    const res = await creditsApi.balance();
    if (mine !== inflight || quick.key !== key) return;
    const asOf = Date.now();
    quick.balances = res.data;
    quick.asOf = asOf;
    quick.stale = false;
    remember(key, res.data, asOf);
  } catch {
    if (mine === inflight) quick.stale = true;
  } finally {
    if (mine === inflight) quick.loading = false;
  }
}

/** The latest entries of the wallet the button shows (the organisation's in an organisation space). */
export async function loadLatest(inOrg: boolean, count = 5): Promise<void> {
  const key = quick.key;
  quick.entriesState = 'loading';
  try {
    const res = await creditsApi.ledger(inOrg ? 'organization' : 'personal', undefined, count);
    if (quick.key !== key) return;
    quick.entries = res.data;
    quick.entriesState = 'ready';
  } catch (error) {
    if (quick.key !== key) return;
    quick.entriesState = error instanceof ApiError && error.status === 403 ? 'hidden' : 'failed';
  }
}
