import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * The compressed copy of an uploaded image: at most MAX_SIDE px on its longer side, as a
 * JPEG of QUALITY, in pure JavaScript (jpeg-js, pngjs; no native image library). PNG and JPEG only;
 * other images (GIF, WebP, SVG) keep their original. Null when the copy would not be smaller or the
 * image cannot be read.
 */
export const COMPRESSED_MAX_SIDE = 1280;
const QUALITY = 78;
/** Decoding is refused past this many megapixels (a 20 MB PNG can unpack to gigabytes). */
const MAX_MEGAPIXELS = 40;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export function compressImage(bytes: Uint8Array, mime: string): Uint8Array | null {
  let image: Rgba | null = null;
  try {
    image = decode(bytes, mime);
  } catch {
    return null;
  }
  if (!image) return null;
  const scaled = downscale(image, COMPRESSED_MAX_SIDE);
  const out = jpeg.encode(
    { width: scaled.width, height: scaled.height, data: Buffer.from(flatten(scaled.data)) },
    QUALITY,
  ).data;
  return out.byteLength < bytes.byteLength ? new Uint8Array(out) : null;
}

function decode(bytes: Uint8Array, mime: string): Rgba | null {
  if (mime === 'image/jpeg') {
    const img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
    return { width: img.width, height: img.height, data: img.data };
  }
  if (mime === 'image/png') {
    const head = PNG.sync.read(Buffer.from(bytes), { skipRescale: false });
    if (head.width * head.height > MAX_MEGAPIXELS * 1e6) return null;
    return { width: head.width, height: head.height, data: head.data };
  }
  return null;
}

/** Transparent pixels over white (JPEG has no alpha). */
function flatten(data: Uint8Array): Uint8Array {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 255) continue;
    const k = a / 255;
    data[i] = Math.round(data[i] * k + 255 * (1 - k));
    data[i + 1] = Math.round(data[i + 1] * k + 255 * (1 - k));
    data[i + 2] = Math.round(data[i + 2] * k + 255 * (1 - k));
    data[i + 3] = 255;
  }
  return data;
}

/** Area-average downscale so that the longer side is at most `max` (no upscaling). */
function downscale(img: Rgba, max: number): Rgba {
  const scale = Math.min(1, max / Math.max(img.width, img.height));
  if (scale === 1) return img;
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(w * h * 4);
  const sx = img.width / w;
  const sy = img.height / h;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * img.width + xx) * 4;
          r += img.data[i];
          g += img.data[i + 1];
          b += img.data[i + 2];
          a += img.data[i + 3];
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = a / n;
    }
  }
  return { width: w, height: h, data: out };
}
