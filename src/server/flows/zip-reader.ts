import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

/** One entry as the zip's central directory declares it. */
export interface ZipEntry {
  name: string;
  /** General purpose flags; bit 0 means encrypted. */
  flags: number;
  compression: number;
  crc: number;
  /** Packed size. */
  size: number;
  /** Declared unpacked size: the most bytes inflating may produce. */
  originalSize: number;
  localOffset: number;
}

/** Why a zip could not be read; the message completes "The .flow file is damaged: …". */
export class ZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const names = new TextDecoder('utf-8', { fatal: false });

/** Reads the central directory; nothing is inflated. ZIP64 and multi-disk archives are refused. */
export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('its zip directory cannot be read (is the file complete?)');
  const count = view.getUint16(end + 10, true);
  const dirSize = view.getUint32(end + 12, true);
  const dirStart = view.getUint32(end + 16, true);
  if (count === 0xffff || dirStart === 0xffffffff || view.getUint16(end + 4, true) !== 0) {
    throw new ZipError('it is a ZIP64 or multi-part archive, which .flow files never are');
  }
  if (dirStart + dirSize > end)
    throw new ZipError('its zip directory cannot be read (is the file complete?)');
  const entries: ZipEntry[] = [];
  let at = dirStart;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) {
      throw new ZipError('its zip directory cannot be read (is the file complete?)');
    }
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + skip > end) throw new ZipError('its zip directory cannot be read (is the file complete?)');
    entries.push({
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      compression: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      size: view.getUint32(at + 20, true),
      originalSize: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + skip;
  }
  return entries;
}

/**
 * Unpacks one entry off the event loop (zlib's thread pool) and stops as soon as it produces more
 * than its declared size, so a directory that understates a bomb costs at most that many bytes.
 * Refuses encrypted entries, a size that differs from the declared one, and a CRC mismatch.
 */
export async function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  if (entry.flags & 1) throw new ZipError(`${entry.name} is encrypted`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) {
    throw new ZipError(`${entry.name} cannot be found in the archive`);
  }
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.size > bytes.length) throw new ZipError(`${entry.name} is cut short`);
  const packed = bytes.subarray(start, start + entry.size);
  let out: Uint8Array;
  if (entry.compression === 0) out = packed;
  else if (entry.compression === 8) {
    try {
      // maxOutputLength ends the inflation (in chunks) once it is passed; 1 is its smallest value.
      out = await inflateRawAsync(packed, { maxOutputLength: Math.max(1, entry.originalSize) });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipError(`${entry.name} unpacks to more than its declared size`);
      }
      throw new ZipError(`${entry.name} cannot be unpacked`);
    }
  } else throw new ZipError(`${entry.name} uses an unsupported compression method`);
  if (out.length !== entry.originalSize) {
    throw new ZipError(`${entry.name} unpacks to a different size than its directory declares`);
  }
  if (crc32(out) >>> 0 !== entry.crc) throw new ZipError(`${entry.name} fails its CRC check`);
  return out;
}
