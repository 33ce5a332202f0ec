/**
 * Values kept per key (a flow's id, an answer's name) with the text they were made from, reused only
 * while the new text is exactly that one, so a changed text never gets an old value: the gzip of an
 * answer that repeats (a flow read after its save, a class opening one flow; named by routes after their
 * access check), a flow's last passing link check, a flow's graph texts at a revision (`peek`/`put`).
 * Least recently used entries go first once the texts and values pass `maxBytes`.
 */
export function createTextMemo<V>(maxBytes: number, sizeOf: (value: V) => number) {
  const entries = new Map<string, { text: string; value: V; bytes: number }>();
  let total = 0;

  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    total -= old.bytes;
  };

  /** The entry under `key` (now the most recently used), whatever its text. */
  const peek = (key: string): { text: string; value: V } | undefined => {
    const hit = entries.get(key);
    if (hit) {
      // most recently used: to the end of the map's order
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  };

  /** Keeps `value`, made from `text`, under `key` (in place of what was there). */
  const put = (key: string, text: string, value: V): void => {
    drop(key);
    // a JS string takes up to two bytes a character
    const bytes = text.length * 2 + sizeOf(value);
    if (bytes > maxBytes) return;
    entries.set(key, { text, value, bytes });
    total += bytes;
    for (const oldest of entries.keys()) {
      if (total <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    peek,
    put,
    /** The value made from `text` under `key`, made by `make` unless the kept one was made from this text. */
    get(key: string, text: string, make: () => V): V {
      const hit = peek(key);
      if (hit && hit.text === text) return hit.value;
      const value = make();
      put(key, text, value);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The gzip of repeated answers (compress.ts). */
export const createGzipCache = (maxBytes: number) =>
  createTextMemo<Buffer>(maxBytes, (packed) => packed.byteLength);
