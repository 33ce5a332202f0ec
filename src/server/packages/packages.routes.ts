import { Hono } from 'hono';
import { PACKAGE_MAX_BYTES, type TPackageFormat } from '../../shared/contract/packages';
import { isId } from '../../shared/domain/ids';
import { createFileStorage, type FileStorage } from '../adapters/storage/storage';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { limitBody } from '../http/security';
import { callerOf } from '../tools/caller';
import { h5pPlayerFile, h5pPlayPage, packageHeaders } from './package-files';
import { packageLinks } from './package-links';
import { createPackagesService, fileKey, tooLarge } from './packages.service';

/**
 * Content packages (spec 03 §7): POST /api/h5p and POST /api/xapi/upload take a zip as multipart
 * field `file`; GET /api/h5p/{id} and GET /api/xapi/packages/{id} answer it with a signed files URL;
 * GET /api/packages/{id}/files/{exp}/{sig}/{path} serves its files to the sandboxed frame;
 * GET /api/h5p-player/{file} serves h5p-standalone, the H5P player.
 */
export const isPackageUploadPath = (path: string): boolean =>
  path === '/api/h5p' || path === '/api/xapi/upload';

const H5P: ReadonlyArray<TPackageFormat> = ['h5p'];
const XAPI: ReadonlyArray<TPackageFormat> = ['tincan', 'cmi5'];

export function packagesRoutes(
  deps: AppDeps,
  storage: FileStorage = deps.storage ?? createFileStorage(deps.env, deps.logger),
) {
  const auth = requireAuth(deps);
  // Learners (guests too) open the packages of flows they run; the check is the package's space.
  const reader = requireAuth(deps, { guests: true });
  const scope = orgScope(deps);
  const service = createPackagesService(deps, storage);
  const links = packageLinks(deps);

  const upload = (kind: 'h5p' | 'xapi') =>
    [
      limitBody(PACKAGE_MAX_BYTES + 64 * 1024),
      auth,
      scope,
      async (c: import('hono').Context<AppEnv>) => {
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('body: must be multipart/form-data with a file');
        });
        const file = form.file;
        if (!(file instanceof File)) throw badRequest('file: a file is required');
        if (file.size > PACKAGE_MAX_BYTES) throw tooLarge();
        const ext = kind === 'h5p' ? /\.h5p$/i : /\.zip$/i;
        if (!ext.test(file.name))
          throw badRequest(`file: must be a ${kind === 'h5p' ? '.h5p' : '.zip'} file`);
        const row = await service.upload(callerOf(c), kind, new Uint8Array(await file.arrayBuffer()));
        const data = await service.view(row);
        return c.json({ data }, 201);
      },
    ] as const;

  const show = (formats: ReadonlyArray<TPackageFormat>) => async (c: import('hono').Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!isId(id)) throw badRequest('id: must be an id of 24 hexadecimal characters');
    const row = await service.visible(c.get('auth').userId, id, formats);
    return c.json({ data: await service.view(row) });
  };

  return new Hono<AppEnv>()
    .post('/h5p', ...upload('h5p'))
    .post('/xapi/upload', ...upload('xapi'))
    .get('/h5p/:id', reader, show(H5P))
    .get('/xapi/packages/:id', reader, show(XAPI))
    .get('/packages/:id/files/:exp/:sig/*', async (c) => {
      const { id, exp, sig } = c.req.param();
      if (!isId(id) || !(await links.verify(id, exp, sig))) throw notFound('File');
      const prefix = `/api/packages/${id}/files/${exp}/${sig}/`;
      let path: string;
      try {
        path = decodeURIComponent(c.req.path.slice(prefix.length));
      } catch {
        throw badRequest('path: is not a valid file path');
      }
      const found = await service.file(id, path);
      if (!found) throw notFound('File');
      if (found.index < 0) {
        const page = new TextEncoder().encode(h5pPlayPage(found.row.title));
        return new Response(page, { headers: packageHeaders('text/html; charset=utf-8', page.byteLength) });
      }
      const bytes = await storage.get(fileKey(id, found.index));
      if (!bytes) throw notFound('File');
      const { type } = found.row.files[found.index];
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: packageHeaders(type, bytes.byteLength),
      });
    })
    .get('/h5p-player/*', (c) => {
      const file = h5pPlayerFile(c.req.path.slice('/api/h5p-player/'.length));
      if (!file) throw notFound('File');
      return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          ...packageHeaders(file.type, file.bytes.byteLength),
          'cache-control': 'public, max-age=86400',
        },
      });
    });
}
