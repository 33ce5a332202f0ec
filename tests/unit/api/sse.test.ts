import { describe, expect, it } from 'vitest';
import { readSseData } from '../../../src/shared/api/sse';

const body = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });
const all = async (b: ReadableStream<Uint8Array>) => {
  const out: unknown[] = [];
  for await (const d of readSseData(b)) out.push(d);
  return out;
};

describe('[GENERATOR] reading a server-sent event stream (spec 03 §7, §8)', () => {
  it('yields data lines split across chunks, skips malformed and other lines, and stops at [DONE]', async () => {
    const events = await all(
      body(
        'data: {"a"',
        ':1}\n\n: comment\nevent: x\ndata: {oops\n\ndata:{"b":2}\n\n',
        'data: [DONE]\n\ndata: {"c":3}\n\n',
      ),
    );
    expect(events).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('ends at the end of the body without [DONE]', async () => {
    expect(await all(body('data: 1\n\ndata: "x"\n'))).toEqual([1, 'x']);
  });
});
