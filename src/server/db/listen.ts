/**
 * PostgreSQL's LISTEN on a connection of its own (a pooled one would be handed to other queries),
 * reconnecting with a growing pause when the connection drops. `onReady` runs after every (re)connect,
 * so a subscriber can fetch what it may have missed while the connection was down. Knows pg's client
 * only through this small shape; db/client.ts hands in the factory.
 */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', fn: (e?: unknown) => void): unknown;
}

export interface Listener {
  stop(): Promise<void>;
}

export type ListenFn = (
  channel: string,
  onPayload: (payload: string) => void,
  onReady?: () => void,
) => Promise<Listener>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function pgListen(connect: () => ListenClient, open: Set<Listener>): ListenFn {
  return async (channel, onPayload, onReady) => {
    let client: ListenClient | null = null;
    let stopped = false;
    let pause = 250;
    const start = async (): Promise<void> => {
      const c = connect();
      c.on('notification', (m) => {
        if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
      });
      let dropped = false;
      const drop = () => {
        if (dropped || stopped) return;
        dropped = true;
        client = null;
        void c.end().catch(() => undefined);
        setTimeout(() => void retry(), pause).unref();
        pause = Math.min(pause * 2, 10_000);
      };
      c.on('error', drop);
      c.on('end', drop);
      await c.connect();
      await c.query(`listen ${quoteIdent(channel)}`);
      client = c;
      pause = 250;
      onReady?.();
    };
    const retry = async () => {
      if (stopped) return;
      await start().catch(() => setTimeout(() => void retry(), pause).unref());
    };
    await start();
    const listener: Listener = {
      async stop() {
        stopped = true;
        open.delete(listener);
        await client?.end().catch(() => undefined);
      },
    };
    open.add(listener);
    return listener;
  };
}
