import { parentPort, workerData } from 'node:worker_threads';
import { startOpenAiServer } from '../fixtures/openai-server';

/**
 * The other sides of the chat bench, each in its own thread (`workerData.role`): the local
 * OpenAI-compatible provider, and the client that times the streams. Our server and its PGlite
 * (WebAssembly on the event loop) stay in the main thread, so database work after the first token
 * cannot hold up the client's clock or the provider's writes, as a browser and a model on other
 * machines would not be held up. The provider has a thread of its own so that the direct request, the
 * baseline, crosses from one thread to another as the request through our server does (with both in
 * one thread the baseline had no hop at all, and every hop of ours counted as "added").
 */
export interface PeerAsk {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
export interface StreamTiming {
  first: number;
  total: number;
  events: number;
  bytes: number;
}

/** ms until the first `data:` event that carries text or reasoning, and until the stream ends. */
async function timeStream(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<StreamTiming> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let first = -1;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first < 0 && /"(content|reasoning_content|reasoningContent)":"[^"]/.test(text))
      first = performance.now() - t0;
  }
  return { first, total: performance.now() - t0, events: text.split('\n\n').length - 1, bytes: text.length };
}

const port = parentPort;
if (port && workerData.role === 'provider') {
  const provider = await startOpenAiServer({ text: workerData.text as string[] });
  port.postMessage({ baseURL: provider.baseURL });
  port.on('message', () => {
    provider.close().then(() => port.close());
  });
} else if (port) {
  port.postMessage({ ready: true });
  port.on('message', (msg: PeerAsk | { close: true } | { id: number; many: PeerAsk[] }) => {
    if ('close' in msg) {
      port.close();
      return;
    }
    if ('many' in msg) {
      Promise.all(msg.many.map((a) => timeStream(a.url, a.headers, a.body))).then(
        (out) => port.postMessage({ id: msg.id, out }),
        (e: unknown) => port.postMessage({ id: msg.id, error: String(e) }),
      );
      return;
    }
    timeStream(msg.url, msg.headers, msg.body).then(
      (out) => port.postMessage({ id: msg.id, out }),
      (e: unknown) => port.postMessage({ id: msg.id, error: String(e) }),
    );
  });
}
