import { isSwMessage, type TAppMessage, type TSwMessage } from '../shared/outbox/protocol';

/**
 * The app's line to its service worker. Without one (dev mode, an old browser) messages go nowhere
 * and nothing is heard: the app then works online exactly as before.
 */
const container = () => (typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined);

export function postToSw(message: TAppMessage): void {
  // `ready` waits for an active worker (a first visit's is still installing).
  void container()?.ready.then((registration) => registration.active?.postMessage(message));
}

export function onSwMessage(listener: (message: TSwMessage) => void): () => void {
  const sw = container();
  if (!sw) return () => {};
  const handler = (event: MessageEvent) => {
    if (isSwMessage(event.data)) listener(event.data);
  };
  sw.addEventListener('message', handler);
  sw.startMessages();
  return () => sw.removeEventListener('message', handler);
}

/** Asks the worker and waits for its answer on a private channel (null after `timeoutMs`). */
export function askSw<T>(message: TAppMessage, timeoutMs = 5000): Promise<T | null> {
  const sw = container();
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data as T);
    };
    void sw.ready.then((r) => r.active?.postMessage(message, [channel.port2]));
  });
}
