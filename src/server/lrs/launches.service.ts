import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newId } from '../../shared/domain/ids';
import { agentIfi, type JsonObject } from '../../shared/domain/xapi';
import type { Database } from '../db/client';
import { forbidden } from '../http/errors';
import type { TCmi5Au } from '../packages/packages.repo';
import { cmi5Defaults, launchData } from './cmi5';
import type { XapiClient } from './credentials.service';
import { createDocumentsService } from './documents.service';
import type { LaunchScope } from './launch-scope';
import { claimFetch, deleteExpiredLaunches, findLaunch, insertLaunch, type LaunchRow } from './launches.repo';
import type { LrsSpace } from './space';

/**
 * Launch credentials for xAPI (TinCan) and cmi5 packages: a new kind of /xapi/ credentials next to
 * the space's long-lived keys (credentials.service.ts), made per launch and worth little if stolen.
 * The key is `launch-{id}`; the secret is random, only its hash is stored. TinCan's launch hands the
 * Authorization value to the package in the URL; cmi5's hands a one-time fetch URL instead, and the
 * secret is made when it is called (launch-fetch in xapi.routes.ts).
 */
export const LAUNCH_TTL_MS = 4 * 60 * 60 * 1000;
export const LAUNCH_KEY = /^launch-([0-9a-f]{24})$/;
const CMI5_LAUNCH_DATA = 'LMS.LaunchData';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const same = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`launch-${id}:${secret}`).toString('base64')}`;

export interface NewLaunch {
  space: LrsSpace;
  packageId: string;
  format: 'tincan' | 'cmi5';
  activityId: string;
  registration: string;
  actor: JsonObject;
  context: JsonObject;
  name: string;
  /** cmi5: the AU's moveOn and launch metadata from cmi5.xml (null: imported before migration 0040). */
  cmi5?: TCmi5Au | null;
}

const scopeOf = (row: LaunchRow): LaunchScope => ({
  launchId: row.id,
  agent: agentIfi(row.actor) ?? '',
  activityId: row.activityId,
  registration: row.registration,
  context: row.context as JsonObject,
  expiresAt: row.expiresAt,
});

export function createLaunchesService(database: Database) {
  const db = database.db;
  const documents = createDocumentsService(database);
  return {
    /** TinCan: `auth` is the Authorization value. cmi5: `fetchCode` goes in the fetch URL, and LMS.LaunchData is written. */
    async create(launch: NewLaunch, now = new Date()) {
      await deleteExpiredLaunches(db, new Date(now.getTime() - LAUNCH_TTL_MS));
      const id = newId(now.getTime());
      const secret = randomBytes(24).toString('base64url');
      const cmi5 = launch.format === 'cmi5';
      const row = await insertLaunch(db, {
        id,
        secretHash: cmi5 ? null : hash(secret),
        fetchHash: cmi5 ? hash(secret) : null,
        space: launch.space,
        packageId: launch.packageId,
        activityId: launch.activityId,
        registration: launch.registration.toLowerCase(),
        actor: launch.actor,
        context: launch.context,
        name: launch.name,
        expiresAt: new Date(now.getTime() + LAUNCH_TTL_MS),
      });
      if (cmi5) {
        // cmi5 §10: the AU reads this state document first; without it a conformant AU stops.
        const data = launchData(id, launch.activityId, cmi5Defaults(launch.cmi5, launch.activityId));
        const scope = {
          space: launch.space,
          kind: 'state' as const,
          activityId: launch.activityId,
          agentIfi: scopeOf(row).agent,
          registration: row.registration,
        };
        const bytes = new TextEncoder().encode(JSON.stringify(data));
        await documents.write(scope, CMI5_LAUNCH_DATA, bytes, 'application/json', {
          mode: 'put',
          requireConcurrency: false,
        });
      }
      const made: { id: string; expiresAt: Date; auth?: string; fetchCode?: string } = {
        id,
        expiresAt: row.expiresAt,
      };
      if (cmi5) made.fetchCode = secret;
      else made.auth = basicAuth(id, secret);
      return made;
    },

    /** cmi5's fetch URL: the secret the first time, null every time after (or when wrong or expired). */
    async fetch(id: string, code: string, now = new Date()): Promise<string | null> {
      const secret = randomBytes(24).toString('base64url');
      return (await claimFetch(db, id, hash(code), hash(secret), now)) ? secret : null;
    },

    /** The client of `launch-{id}:{secret}`; null when wrong; 403 when right but expired. */
    async check(key: string, secret: string, now = new Date()): Promise<XapiClient | null> {
      const m = LAUNCH_KEY.exec(key);
      const row = m ? await findLaunch(db, m[1]) : null;
      if (!row?.secretHash || !same(hash(secret), row.secretHash)) return null;
      if (row.expiresAt <= now)
        throw forbidden('These launch credentials have expired: open the activity again from the flow');
      return { space: row.space as LrsSpace, key, name: row.name, launch: scopeOf(row) };
    },
  };
}
export type LaunchesService = ReturnType<typeof createLaunchesService>;
