/** The lines of an NDJSON stream as they arrive; a malformed line is skipped (spec 03 §8). */
export async function* ndjsonLines<T>(body: ReadableStream): AsyncGenerator<T> {
  const reader = (body as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let at = buffer.indexOf('\n');
    while (at >= 0) {
      const line = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      at = buffer.indexOf('\n');
      if (!line) continue;
      try {
        yield JSON.parse(line) as T;
      } catch {
        // skipped: see above
      }
    }
  }
}
