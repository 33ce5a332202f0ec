import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema/automation';
import type { TWalletOwner } from './wallets';

/** How a top-up of an API key names the key in its wallet's ledger (api-keys.service.ts). */
export const API_KEY_REFERENCE = 'apiKey:';

/**
 * The names of the API keys a page of ledger entries refers to (`apiKey:<id>`), so the history says
 * "Lesson bot" where it said `apiKey:3f…`. Only keys this wallet could have topped up
 * are named — a personal wallet's owner's own keys (in any space: an organisation's key may be topped
 * up from the personal wallet), an organisation wallet's keys of that organisation — so a reference
 * never reveals another space's key. A deleted key keeps its name (its row stays, marked deleted).
 */
export async function apiKeyNames(
  db: Db,
  owner: TWalletOwner,
  references: string[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      references.filter((r) => r.startsWith(API_KEY_REFERENCE)).map((r) => r.slice(API_KEY_REFERENCE.length)),
    ),
  ];
  if (!ids.length || (owner.kind !== 'org' && owner.kind !== 'user')) return new Map();
  const whose = owner.kind === 'org' ? eq(apiKeys.orgId, owner.orgId) : eq(apiKeys.ownerId, owner.userId);
  const rows = await db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(and(inArray(apiKeys.id, ids), whose));
  return new Map(rows.map((r) => [`${API_KEY_REFERENCE}${r.id}`, r.name]));
}
