import { api } from '../../shared/api/http';
import type { TContentPackage } from '../../shared/contract/packages';
import type { TPackageFormat } from '../../shared/domain/runtime';

/** A package's signed play URL (GET /api/h5p/{id} or GET /api/xapi/packages/{id}); quiet: the frame says what failed. */
export const fetchPackage = (format: TPackageFormat, id: string) =>
  api.get(format === 'h5p' ? `h5p/${id}` : `xapi/packages/${id}`, { quiet: true }) as Promise<{
    data: TContentPackage;
  }>;
