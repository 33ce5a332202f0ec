import { Hono } from 'hono';
import { z } from 'zod';
import { ErrorCode } from '../../shared/contract/errors';
import type { TMediaImage } from '../../shared/contract/media-library';
import { zText } from '../../shared/contract/text';
import { isId, newId } from '../../shared/domain/ids';
import { checkUpload } from '../../shared/domain/upload-types';
import { createFileStorage, type FileStorage } from '../adapters/storage/storage';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { contentDispositionFor, DOWNLOAD_CSP } from '../http/download-headers';
import { AppError, badRequest, notFound } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { limitBody } from '../http/security';
import { query } from '../http/validate';
import { findMembership } from '../orgs/orgs.repo';
import { createGuestQuota } from '../player/guest-quota';
import { callerOf } from '../tools/caller';
import { createImageCompressor } from './image-pool';
import { findMedia, insertMedia, listImages, type MediaRow, type NewMediaRow } from './media.repo';
import { readPreferCompressed, removeStored, storeCompressed } from './media-files';
import { mediaLinks } from './media-links';

/** Largest upload accepted (the form around it may add a little). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
export const MEDIA_UPLOAD_PATH = '/api/s3/upload';
const ZImagesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
const ZPath = zText()
  .trim()
  .max(100)
  .regex(/^[\w\-/]*$/, 'may hold letters, digits, -, _ and / only');

const tooLarge = () =>
  new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    413,
    `The file is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`,
  );

const urlOf = (m: MediaRow) => `/api/s3/download/${m.id}`;
/** An image's compressed copy (the original when it has none: the download falls back to it). */
const compressedUrlOf = (m: MediaRow) => (m.kind === 'image' ? `${urlOf(m)}?variant=compressed` : urlOf(m));
const view = (m: MediaRow): TMediaImage => ({
  _id: m.id,
  mediaId: m.id,
  url: urlOf(m),
  originalUrl: urlOf(m),
  compressedUrl: compressedUrlOf(m),
  fileName: m.fileName,
  contentType: m.contentType,
  size: m.size,
  createdAt: m.createdAt.toISOString(),
});

/** Media helpers (spec 03 §7): upload, the caller's images, download. Bytes go through the storage adapter. */
export function mediaRoutes(
  deps: AppDeps,
  storage: FileStorage = deps.storage ?? createFileStorage(deps.env, deps.logger),
) {
  const db = deps.database.db;
  // Guest learners upload their photo answers (the player's image input) and read back their own.
  const auth = requireAuth(deps, { guests: true });
  const scope = orgScope(deps);
  const links = mediaLinks(deps);
  const guestQuota = createGuestQuota(deps);
  // Workers start on the first image only; bootstrap gives one that main() closes.
  const images = deps.images ?? createImageCompressor({ logger: deps.logger });
  return (
    new Hono<AppEnv>()
      .post('/s3/upload', limitBody(MEDIA_MAX_BYTES + 64 * 1024), auth, scope, async (c) => {
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('body: must be multipart/form-data with a media file');
        });
        const file = form.media;
        if (!(file instanceof File)) throw badRequest('media: a file is required');
        if (file.size > MEDIA_MAX_BYTES) throw tooLarge();
        const path = ZPath.safeParse(typeof form.path === 'string' ? form.path : '');
        if (!path.success) throw badRequest(`path: ${path.error.issues[0]?.message ?? 'is not valid'}`);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const checked = checkUpload(file.name, bytes);
        if (!checked.ok) throw new AppError(ErrorCode.VALIDATION_ERROR, 415, `media: ${checked.reason}`);
        const caller = callerOf(c);
        const id = newId();
        const key = `media/${caller.orgId ?? 'personal'}/${id}.${checked.ext}`;
        const size = bytes.byteLength;
        // Guests (a public join code) have a quota: checked before the bytes are stored, and again
        // with the row (guest-quota.ts).
        const guest = c.get('auth').guest;
        if (guest) await guestQuota.admit(caller.userId, size);
        await storage.put(key, bytes, checked.mime);
        // The bytes go to the image worker (transferred): nothing below reads them.
        if (checked.kind === 'image')
          await storeCompressed(storage, images, c.get('log'), key, bytes, checked.mime);
        const record = (r: NewMediaRow) =>
          guest ? guestQuota.record(r, () => removeStored(storage, key, c.get('log'))) : insertMedia(db, r);
        const row = await record({
          id,
          userId: caller.userId,
          orgId: caller.orgId,
          path: path.data,
          kind: checked.kind,
          fileName: file.name.slice(0, 255),
          contentType: checked.mime,
          size,
          storageKey: key,
        });
        return c.json({ data: view(row), ...view(row) }, 201);
      })
      .get('/s3/images', auth, scope, async (c) => {
        const { limit } = query(c, ZImagesQuery);
        const caller = callerOf(c);
        return c.json({ data: (await listImages(db, caller.userId, caller.orgId, limit)).map(view) });
      })
      // The uploader, a member of the organisation it was uploaded in, or whoever holds a signed link
      // a report handed out (media-links.ts): such a link needs no Bearer, an `<img>` can load it.
      .get(
        '/s3/download/:id',
        async (c, next) => (c.req.query('sig') === undefined ? auth(c, next) : next()),
        async (c) => {
          const id = c.req.param('id');
          if (!isId(id)) throw badRequest('id: must be an id of 24 hexadecimal characters');
          const signed = c.req.query('sig') !== undefined;
          const row = await findMedia(db, id);
          const allowed = signed
            ? await links.verify(id, c.req.query('exp'), c.req.query('sig'))
            : row &&
              (row.userId === c.get('auth').userId ||
                (row.orgId !== null && (await findMembership(db, row.orgId, c.get('auth').userId))));
          if (!row || !allowed) throw notFound('Media');
          // ?variant=compressed: an image's compressed copy, else the original (media-files.ts).
          const variant = c.req.query('variant');
          if (variant !== undefined && variant !== 'compressed')
            throw badRequest('variant: must be compressed');
          const found = variant
            ? await readPreferCompressed(storage, row)
            : await storage.get(row.storageKey).then((b) => b && { bytes: b, contentType: row.contentType });
          if (!found) throw notFound('Media');
          const { bytes } = found;
          return new Response(bytes as Uint8Array<ArrayBuffer>, {
            headers: {
              'content-type': found.contentType,
              'content-length': String(bytes.byteLength),
              // A signed link expires: a shared cache must not keep it, the browser may for this page.
              'cache-control': signed ? 'private, no-store' : 'private, max-age=31536000, immutable',
              'x-content-type-options': 'nosniff',
              // An SVG opened directly runs no script from our origin, and is saved, not shown.
              'content-security-policy': DOWNLOAD_CSP,
              'content-disposition': contentDispositionFor(found.contentType, row.fileName),
            },
          });
        },
      )
  );
}
