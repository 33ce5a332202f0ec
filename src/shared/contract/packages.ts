import { z } from 'zod';
import { zText } from './text';

/**
 * Uploaded content packages (spec 03 §5, §7): H5P (`POST /api/h5p`, `GET /api/h5p/{id}`) and xAPI /
 * cmi5 zips (`POST /api/xapi/upload`). A package is checked like a .flow import (size, zip bomb,
 * paths, manifest) before a byte is stored; its files are served only under a short-lived signed
 * path with a sandboxing Content-Security-Policy, because what a package holds is untrusted code.
 */

export const PACKAGE_MAX_BYTES = 50 * 1024 * 1024;
export const PACKAGE_MAX_UNPACKED = 200 * 1024 * 1024;
export const PACKAGE_MAX_ENTRIES = 3000;
/** Unpacked ÷ packed, over the whole archive and per file: more is refused as a possible zip bomb. */
export const PACKAGE_MAX_RATIO = 100;
export const PACKAGE_UPLOAD_PATHS = ['/api/h5p', '/api/xapi/upload'] as const;

export const PACKAGE_FORMATS = ['h5p', 'tincan', 'cmi5'] as const;
export const ZPackageFormat = z.enum(PACKAGE_FORMATS);
export type TPackageFormat = z.infer<typeof ZPackageFormat>;

export const ZContentPackage = z.object({
  _id: zText(),
  id: zText(),
  format: ZPackageFormat,
  title: zText(),
  /** H5P: the main library (`H5P.MultiChoice 1.16`); xAPI/cmi5: the activity or AU IRI. */
  activityId: zText(),
  /** The file a frame opens: H5P's generated play page, the package's launch file otherwise. */
  launchPath: zText(),
  fileCount: z.number().int(),
  size: z.number().int(),
  createdAt: zText(),
  /** Signed, short-lived base under which the package's files are served (ends with '/'). */
  filesUrl: zText(),
  /** filesUrl + launchPath: what the player's sandboxed frame opens. */
  playUrl: zText(),
});
export type TContentPackage = z.infer<typeof ZContentPackage>;

export const ZContentPackageAnswer = z.object({ data: ZContentPackage });
