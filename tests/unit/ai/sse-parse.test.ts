import { describe, expect, it } from 'vitest';
import { sseData } from '../../../src/server/adapters/ai/sse-parse';

const enc = new TextEncoder();
async function* pieces(parts: string[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield enc.encode(p);
}
const all = async (parts: string[]) => {
  const out: string[] = [];
  for await (const d of sseData(pieces(parts))) out.push(d);
  return out;
};

describe('[AI] SSE data reader', () => {
  it('yields each data payload however the bytes are cut', async () => {
    const text = 'data: {"a":1}\n\n: comment\nevent: x\ndata: {"b":"é"}\n\ndata: [DONE]\n\n';
    const whole = await all([text]);
    expect(whole).toEqual(['{"a":1}', '{"b":"é"}', '[DONE]']);
    // byte by byte, including inside the two-byte é
    const bytes = enc.encode(text);
    const out: string[] = [];
    async function* single() {
      for (const b of bytes) yield new Uint8Array([b]);
    }
    for await (const d of sseData(single())) out.push(d);
    expect(out).toEqual(whole);
  });

  it('accepts \\r\\n and \\r line ends, data without a space, multi-line data and a last event without blank line', async () => {
    expect(await all(['data:1\r', '\n\r\n', 'data: a\ndata: b\n\n', 'data: tail'])).toEqual([
      '1',
      'a\nb',
      'tail',
    ]);
    expect(await all(['data: x\r\rdata: y\r\r'])).toEqual(['x', 'y']);
  });
});
