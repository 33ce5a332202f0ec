import { ErrorCode } from '../../shared/contract/errors';
import type { TContentPackage, TPackageFormat } from '../../shared/contract/packages';
import { PACKAGE_MAX_BYTES } from '../../shared/contract/packages';
import { newId } from '../../shared/domain/ids';
import type { FileStorage } from '../adapters/storage/storage';
import type { AppDeps } from '../http/context';
import { AppError, notFound } from '../http/errors';
import { findMembership } from '../orgs/orgs.repo';
import type { Caller } from '../tools/caller';
import { packageLinks } from './package-links';
import { H5P_PLAY_PAGE, readH5p, readXapiPackage } from './package-manifests';
import { fileTypeOf, unpackPackage } from './package-zip';
import { findPackage, insertPackage, type PackageRow, type TPackageFile } from './packages.repo';

export const tooLarge = () =>
  new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    413,
    `file: the package is larger than ${PACKAGE_MAX_BYTES / 1024 / 1024} MB`,
  );

export const fileKey = (packageId: string, index: number) => `packages/${packageId}/${index}`;

/** Uploading, finding and viewing packages. Who may see one: its uploader, or a member of its organisation. */
export function createPackagesService(deps: AppDeps, storage: FileStorage) {
  const db = deps.database.db;
  const links = packageLinks(deps);

  async function view(row: PackageRow): Promise<TContentPackage> {
    const filesUrl = await links.base(row.id);
    return {
      _id: row.id,
      id: row.id,
      format: row.format as TPackageFormat,
      title: row.title,
      activityId: row.activityId,
      launchPath: row.launchPath,
      fileCount: row.fileCount,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
      filesUrl,
      playUrl: `${filesUrl}${row.launchPath.split('/').map(encodeURIComponent).join('/')}`,
    };
  }

  return {
    view,
    /** Checks everything (zip, paths, manifest) before the first byte is stored. */
    async upload(caller: Caller, kind: 'h5p' | 'xapi', bytes: Uint8Array): Promise<PackageRow> {
      const what = kind === 'h5p' ? 'H5P package' : 'xAPI package';
      const files = await unpackPackage(bytes, what);
      const info = kind === 'h5p' ? readH5p(files) : readXapiPackage(files);
      const id = newId();
      const list: TPackageFile[] = files.map((f) => ({
        path: f.path,
        type: fileTypeOf(f.path) ?? 'application/octet-stream',
        size: f.bytes.byteLength,
      }));
      // A failure half way leaves unreferenced keys under packages/{id}/ and no row: nothing serves them.
      for (const [i, f] of files.entries()) await storage.put(fileKey(id, i), f.bytes, list[i].type);
      return insertPackage(db, {
        id,
        userId: caller.userId,
        orgId: caller.orgId,
        format: info.format,
        title: info.title,
        activityId: info.activityId,
        launchPath: info.launchPath,
        cmi5Au: info.cmi5 ?? null,
        files: list,
        fileCount: list.length,
        size: list.reduce((s, f) => s + f.size, 0),
      });
    },

    /** The package if the user may see it; 404 otherwise (existence is secret across spaces). */
    async visible(userId: string, id: string, formats: ReadonlyArray<TPackageFormat>): Promise<PackageRow> {
      const row = await findPackage(db, id);
      const allowed =
        row &&
        formats.includes(row.format as TPackageFormat) &&
        (row.userId === userId || (row.orgId !== null && (await findMembership(db, row.orgId, userId))));
      if (!row || !allowed) throw notFound('Package');
      return row;
    },

    /** A file of a package by its path in the zip (the signature was checked by the route). */
    async file(id: string, path: string): Promise<{ row: PackageRow; index: number } | null> {
      const row = await findPackage(db, id);
      if (!row) return null;
      if (row.format === 'h5p' && path === H5P_PLAY_PAGE) return { row, index: -1 };
      const index = row.files.findIndex((f) => f.path === path);
      return index < 0 ? null : { row, index };
    },
  };
}
