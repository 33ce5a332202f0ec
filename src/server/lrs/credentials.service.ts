import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TCreatedLrsCredential, TLrsCredential } from '../../shared/contract/lrs';
import type { AppDeps, AuthInfo, SpaceInfo } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import {
  type CredentialRow,
  findActiveCredential,
  insertCredential,
  listCredentials,
  revokeCredential,
} from './credentials.repo';
import type { LaunchScope } from './launch-scope';
import { createLaunchesService, LAUNCH_KEY } from './launches.service';
import { type LrsSpace, lrsSpace } from './space';

/** Who is calling /xapi/: the space of the credentials and the authority stamped on statements. */
export interface XapiClient {
  space: LrsSpace;
  key: string;
  name: string;
  /** Launch credentials of a package (launches.service.ts): what they may say, until when. */
  launch?: LaunchScope;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const view = (row: CredentialRow): TLrsCredential => ({
  key: row.key,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});

/** Only an organisation's admins manage its keys; in the personal space, its user. */
function managedSpace(auth: AuthInfo, space: SpaceInfo): LrsSpace {
  if (space.orgId && space.role !== 'admin')
    throw forbidden('Only admins of the organisation can manage its LRS credentials');
  return lrsSpace({ orgId: space.orgId, userId: auth.userId });
}

/**
 * Credentials checked in the last few seconds, by the hash of the Authorization header: content
 * sends a statement every few seconds, and the database need not be asked each time. A revocation
 * applies at once in this process and within CACHE_MS in the others.
 */
const CACHE_MS = 10_000;
const checked = new Map<string, { client: XapiClient; until: number }>();

export function createCredentialsService(deps: AppDeps) {
  const db = deps.database.db;
  const launches = createLaunchesService(deps.database);
  /** Reads `Authorization: Basic base64(key:secret)`; null when missing, malformed or wrong. */
  async function check(header: string | undefined): Promise<XapiClient | null> {
    const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
    if (!match) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const key = decoded.slice(0, colon);
    if (LAUNCH_KEY.test(key)) return launches.check(key, decoded.slice(colon + 1));
    if (!/^[0-9a-f]{24}$/.test(key)) return null;
    const row = await findActiveCredential(db, key);
    if (!row) return null;
    const given = Buffer.from(hash(decoded.slice(colon + 1)), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.secretHash, 'hex'))) return null;
    return { space: row.space as LrsSpace, key: row.key, name: row.name };
  }

  return {
    async create(
      auth: AuthInfo,
      space: SpaceInfo,
      name: string,
      endpoint: string,
    ): Promise<TCreatedLrsCredential> {
      const key = randomBytes(12).toString('hex');
      // 192 random bits: a fast hash is enough for a secret nobody chose (no dictionary to try).
      const secret = randomBytes(24).toString('base64url');
      const row = await insertCredential(db, {
        key,
        secretHash: hash(secret),
        space: managedSpace(auth, space),
        name,
        createdBy: auth.userId,
      });
      return { ...view(row), secret, endpoint };
    },

    async list(auth: AuthInfo, space: SpaceInfo): Promise<TLrsCredential[]> {
      return (await listCredentials(db, managedSpace(auth, space))).map(view);
    },

    async revoke(auth: AuthInfo, space: SpaceInfo, key: string): Promise<void> {
      if (!(await revokeCredential(db, managedSpace(auth, space), key))) throw notFound('Credentials');
      for (const [header, entry] of checked) if (entry.client.key === key) checked.delete(header);
    },

    /** The client of a Basic Authorization header (cached briefly); null when wrong. */
    async authenticate(header: string | undefined): Promise<XapiClient | null> {
      const cacheKey = hash(header ?? '');
      const hit = checked.get(cacheKey);
      if (hit && hit.until > Date.now()) return hit.client;
      const client = await check(header);
      if (client) {
        if (checked.size > 10_000) checked.clear();
        // Launch credentials are not trusted a moment past their expiry.
        const until = Math.min(Date.now() + CACHE_MS, client.launch?.expiresAt.getTime() ?? Infinity);
        checked.set(cacheKey, { client, until });
      }
      return client;
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
