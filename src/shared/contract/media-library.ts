import { z } from 'zod';
import { zText } from './text';

/**
 * The viewer's media library (spec 03 §2: chat's Library link opens it in a new tab):
 *   GET /api/s3/images?limit=  → { data: TMediaImage[] } (signed-in user; the images they uploaded in the
 *   space of the orgId header, newest first). Bytes come from GET /api/s3/download/{id} (Bearer).
 * The viewer page is /viewer/media-library?org={orgId} (no org: the personal space; shared/domain/media-library.ts).
 */
export const ZMediaImage = z.object({
  _id: zText(),
  mediaId: zText(),
  url: zText(),
  originalUrl: zText(),
  compressedUrl: zText(),
  fileName: zText(),
  contentType: zText(),
  size: z.number(),
  createdAt: zText(),
});
export type TMediaImage = z.infer<typeof ZMediaImage>;
export const ZMediaImagesResponse = z.object({ data: z.array(ZMediaImage) });
