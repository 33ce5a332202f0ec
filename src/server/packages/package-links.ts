import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadSecret } from '../auth/tokens';
import type { AppDeps } from '../http/context';

/**
 * Signed, short-lived paths to a package's files. A sandboxed frame has an opaque origin and sends
 * no Bearer, and the package's relative links (scripts, images, content.json) must resolve: so the
 * capability sits in the path, `/api/packages/{id}/files/{exp}/{sig}/`, and every relative URL under
 * it carries it. It is handed out only to someone GET /api/h5p/{id} (or the xAPI twin) let in.
 */
export const PACKAGE_LINK_TTL_S = 6 * 60 * 60;

export interface PackageLinks {
  base(packageId: string, nowMs?: number): Promise<string>;
  verify(packageId: string, exp: string, sig: string, nowMs?: number): Promise<boolean>;
}

const made = new WeakMap<AppDeps['database'], PackageLinks>();

export function packageLinks(deps: AppDeps): PackageLinks {
  const known = made.get(deps.database);
  if (known) return known;
  let secret: Promise<Uint8Array> | null = null;
  const mac = async (id: string, exp: number) => {
    secret ??= loadSecret(deps.database.db, deps.env);
    return createHmac('sha256', await secret)
      .update(`package-files\n${id}\n${exp}`)
      .digest('base64url');
  };
  const links: PackageLinks = {
    async base(packageId, nowMs = Date.now()) {
      const exp = Math.floor(nowMs / 1000) + PACKAGE_LINK_TTL_S;
      return `/api/packages/${packageId}/files/${exp}/${await mac(packageId, exp)}/`;
    },
    async verify(packageId, exp, sig, nowMs = Date.now()) {
      if (!/^\d{1,12}$/.test(exp)) return false;
      const at = Number(exp);
      if (at * 1000 <= nowMs) return false;
      const want = Buffer.from(await mac(packageId, at));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
  made.set(deps.database, links);
  return links;
}
