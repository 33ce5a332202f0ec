import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  ApiKeyMessage,
  type TApiKey,
  type TApiKeyActivity,
  type TApiKeyListParsed,
} from '../../shared/contract/api-keys';
import type { TTopUpRequest } from '../../shared/contract/credits';
import { creditsToNumber, parseCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import { createCreditsService, type TWalletOwner, walletIdOf } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';
import {
  type ApiKeyRow,
  findVisibleKey,
  insertApiKey,
  type KeySpace,
  keyActivity,
  listKeys,
  renameKey,
  softDeleteKey,
} from './api-keys.repo';

const DAY_MS = 86_400_000;

/** The wallet of an API key: its own, `apiKey:<id>`. */
export const apiKeyWallet = (id: string): TWalletOwner => ({ kind: 'apiKey', id });

/** sha256 of the secret, hex: what the database keeps and what a request is looked up by. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The wallet a key's credits came from and go back to: its organisation's, or its owner's. */
const homeWallet = (key: ApiKeyRow): TWalletOwner =>
  key.orgId ? { kind: 'org', orgId: key.orgId } : { kind: 'user', userId: key.ownerId };

function newSecret(): { secret: string; display: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, display: `${secret.slice(0, API_KEY_PREFIX.length + 4)}…${secret.slice(-4)}` };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * API keys (spec 03 §1, §7): create (secret once), list, rename, top up and refund-and-delete. Every
 * credit movement goes through the credits service: top-ups from the space's wallet into the key's,
 * the refund from the key's back to the wallet it came from, both in the ledger.
 */
export function createApiKeysService(deps: AppDeps) {
  const db = deps.database.db;
  const credits = createCreditsService(deps);

  async function views(rows: ApiKeyRow[]): Promise<TApiKey[]> {
    const sums = await credits.summaries(rows.map((r) => apiKeyWallet(r.id)));
    return rows.map((r) => {
      const s = sums.get(walletIdOf(apiKeyWallet(r.id)));
      return {
        _id: r.id,
        id: r.id,
        name: r.name,
        display: r.display,
        orgId: r.orgId,
        ownerId: r.ownerId,
        balance: creditsToNumber(s?.available ?? 0n),
        used: creditsToNumber(s?.spent ?? 0n),
        lastUsedAt: iso(r.lastUsedAt),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }
  const view = async (row: ApiKeyRow) => (await views([row]))[0];

  async function visible(space: KeySpace, id: string): Promise<ApiKeyRow> {
    const row = await findVisibleKey(db, space, id);
    if (!row) throw notFound('API key');
    return row;
  }

  return {
    async create(space: KeySpace, name: string) {
      const { secret, display } = newSecret();
      const row = await insertApiKey(db, {
        id: newId(),
        orgId: space.orgId,
        ownerId: space.userId,
        name,
        secretHash: hashSecret(secret),
        display,
      });
      return { data: { ...(await view(row)), apiKey: secret }, message: ApiKeyMessage.created };
    },

    async list(space: KeySpace, q: TApiKeyListParsed) {
      const { rows, total } = await listKeys(db, space, q);
      return { apiKeys: await views(rows), total };
    },

    async rename(space: KeySpace, id: string, name: string) {
      await visible(space, id);
      const row = await renameKey(db, id, name);
      if (!row) throw notFound('API key');
      return { data: await view(row), message: ApiKeyMessage.renamed };
    },

    /** From the space's wallet (`deductFrom` must name it) into the key's; a retry key moves once. */
    async topUp(space: KeySpace, id: string, body: TTopUpRequest, retryKey?: string) {
      const key = await visible(space, id);
      await credits.transfer({
        from: credits.topUpSource(space, space.userId, body.deductFrom),
        to: apiKeyWallet(key.id),
        amount: body.amount,
        reason: 'topUp',
        reference: `apiKey:${key.id}`,
        idempotencyKey: `apiKey-topup:${key.id}:${retryKey ?? newId()}`,
        by: space.userId,
      });
      return { data: await view(key), message: ApiKeyMessage.toppedUp };
    },

    /**
     * Stops the key first (no new run can start), then moves what it can still spend back to the
     * wallet it came from. Only the call that stopped the key refunds, so two clicks refund once.
     */
    async refundAndDelete(space: KeySpace, id: string) {
      const key = await visible(space, id);
      if (!(await softDeleteKey(db, key.id))) throw notFound('API key');
      const { available } = await credits.balanceOf(apiKeyWallet(key.id));
      if (available > 0n) {
        await credits.transfer({
          from: apiKeyWallet(key.id),
          to: homeWallet(key),
          amount: available,
          reason: 'refund',
          reference: `apiKey:${key.id}`,
          idempotencyKey: `apiKey-refund:${key.id}`,
          by: space.userId,
        });
      }
      return { message: ApiKeyMessage.refunded, refunded: creditsToNumber(available) };
    },

    async activity(space: KeySpace, id: string, days: number): Promise<TApiKeyActivity> {
      const key = await visible(space, id);
      const from = new Date(Date.now() - (days - 1) * DAY_MS);
      from.setUTCHours(0, 0, 0, 0);
      const rows = await keyActivity(db, key.id, from);
      return {
        key: await view(key),
        days: rows.map((r) => ({
          date: r.date,
          calls: r.calls,
          tasks: r.tasks,
          credits: creditsToNumber(parseCredits(r.credits)),
        })),
      };
    },
  };
}

/** The hash a well-formed secret is stored under, or null for anything that cannot be a key. */
export function apiKeySecretHash(secret: string): string | null {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null;
  return hashSecret(secret);
}
