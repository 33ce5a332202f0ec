/**
 * The gzip of answers that repeat: a flow read after its save answers the same text, and so do the
 * reads of a class opening one flow. Routes name such an answer (`answerKey`, e.g. the flow's id) once
 * they have checked the caller may see it; the gzip is reused only while the new text is exactly the
 * one it was made from, so a changed flow is never answered from here. Least recently used entries go
 * first once the texts and their gzips pass `maxBytes`.
 */
export function createGzipCache(maxBytes: number) {
  const entries = new Map<string, { text: string; packed: Buffer; bytes: number }>();
  let total = 0;

  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    total -= old.bytes;
  };

  return {
    /** The gzip of `text` under `key`, made by `pack` unless the cached one was made from this text. */
    packed(key: string, text: string, pack: () => Buffer): Buffer {
      const hit = entries.get(key);
      if (hit && hit.text === text) {
        // most recently used: to the end of the map's order
        entries.delete(key);
        entries.set(key, hit);
        return hit.packed;
      }
      drop(key);
      const packed = pack();
      // a JS string takes up to two bytes a character
      const bytes = text.length * 2 + packed.byteLength;
      if (bytes > maxBytes) return packed;
      entries.set(key, { text, packed, bytes });
      total += bytes;
      for (const oldest of entries.keys()) {
        if (total <= maxBytes) break;
        drop(oldest);
      }
      return packed;
    },
    get size() {
      return entries.size;
    },
  };
}
