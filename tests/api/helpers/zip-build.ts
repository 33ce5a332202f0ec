import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** The stored bytes (deflated when method is 8). */
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  /** The unpacked size the directory declares (may lie). */
  originalSize: number;
  flags?: number;
}

/** A deflated entry whose directory tells the truth. */
export function deflated(name: string, content: Uint8Array): RawEntry {
  return {
    name,
    data: deflateRawSync(content),
    method: 8,
    crc: crc32(content) >>> 0,
    originalSize: content.length,
  };
}

/**
 * A deflate stream of `megabytes` MB of zeros (about 1,000:1), fed to zlib a megabyte at a time so the
 * test never holds the unpacked bytes. No stored blocks inside: a reader that ignores the declared
 * size has to decode every byte of it.
 */
export async function zerosStream(megabytes: number): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 9, memLevel: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zero = Buffer.alloc(1 << 20);
  for (let i = 0; i < megabytes; i++) deflate.write(zero);
  deflate.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A zip of the given entries, written byte by byte so that every field can be doctored. */
export function buildZip(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.flags ?? 0, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.originalSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.flags ?? 0, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.originalSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(e.data));
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}
