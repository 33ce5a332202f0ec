import { api } from '../../shared/api/http';
import type { TContentPackage } from '../../shared/contract/packages';
import type { TPackageLaunch, TPackageLaunchRequest } from '../../shared/contract/player-launch';
import type { TPackageFormat } from '../../shared/domain/runtime';
import type { TTarget } from '../player.api';

/** A package's signed play URL (GET /api/h5p/{id} or GET /api/xapi/packages/{id}); quiet: the frame says what failed. */
export const fetchPackage = (format: TPackageFormat, id: string) =>
  api.get(format === 'h5p' ? `h5p/${id}` : `xapi/packages/${id}`, { quiet: true }) as Promise<{
    data: TContentPackage;
  }>;

/** An xAPI/cmi5 package's launch URL with its short-lived LRS credentials (contract/player-launch.ts). */
export const launchPackage = (target: TTarget, flowId: string, body: TPackageLaunchRequest) =>
  api.post(
    target.kind === 'assignment'
      ? `player/assignment/${target.id}/flow/${flowId}/package-launch`
      : `player/public/${encodeURIComponent(target.code)}/flow/${flowId}/package-launch`,
    body,
    { quiet: true, anonymous: target.kind === 'public' },
  ) as Promise<{ data: TPackageLaunch }>;
