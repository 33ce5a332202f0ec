/**
 * Incremental reader of a server-sent event body (the OpenAI chat completions stream): yields the
 * payload of every `data:` field as soon as its event ends, whatever way the bytes were cut into
 * chunks. Lines may end in \n, \r\n or \r; comments (`:`) and other fields are skipped; a multi-line
 * `data` is joined with \n, as the SSE standard says.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let start = 0;
    for (;;) {
      const nl = nextBreak(buffer, start);
      if (nl < 0) break;
      const line = buffer.slice(start, nl);
      // \r\n counts as one break; a lone \r at the very end may still be followed by \n.
      if (buffer[nl] === '\r' && nl + 1 === buffer.length) break;
      start = nl + (buffer[nl] === '\r' && buffer[nl + 1] === '\n' ? 2 : 1);
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line[5] === ' ' ? 6 : 5));
      }
    }
    buffer = buffer.slice(start);
  }
  buffer += decoder.decode();
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer[5] === ' ' ? 6 : 5));
  if (data.length) yield data.join('\n');
}

function nextBreak(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return -1;
}
