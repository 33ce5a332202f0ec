import { ref, subscribe } from 'valtio';
import { auth } from '../features/auth';
import { api } from '../shared/api/http';
import type { TOutboxSummary, TSwMessage } from '../shared/outbox/protocol';
import type { TOutboxItem } from '../shared/outbox/queue';
import { outboxState, setOutboxCommands } from '../ui/outbox-state';
import { checkStorage, reportStorageFull } from './storage';
import { askSw, onSwMessage, postToSw } from './sw-bridge';

/**
 * Fills the shared outbox store (ui/outbox-state.ts) from the service worker's messages, and tells
 * the worker about sign-out (clear the API caches) and sign-in (send what waited for a session).
 */
let all: TOutboxSummary[] = [];

/** Another user's waiting changes on a shared device are not shown (they wait for that user). */
const mine = (item: TOutboxSummary) => !item.userId || !auth.user || item.userId === auth.user._id;

function show(): void {
  const items = all.filter(mine);
  outboxState.items = items;
  outboxState.size = items.length;
  outboxState.failed = items.filter((i) => i.failed).length;
  const ids = new Set(items.filter((i) => i.failed).map((i) => i.id));
  for (const id of Object.keys(outboxState.conflicts)) if (!ids.has(id)) delete outboxState.conflicts[id];
}

function onMessage(message: TSwMessage): void {
  switch (message.type) {
    case 'OUTBOX':
      all = message.items;
      show();
      void checkStorage();
      return;
    case 'OUTBOX_CONFLICT':
      if (!mine(message.item)) return;
      // A ref: the server's flow can be large and is only read, never edited through the store.
      outboxState.conflicts[message.item.id] = ref({ item: message.item, current: message.current });
      return;
    case 'OUTBOX_SENT':
      outboxState.sent[message.item.key] = {
        baseRevision: message.item.baseRevision,
        revision: message.revision,
        at: Date.now(),
      };
      return;
    case 'STORAGE_FULL':
      outboxState.storageFull = true;
      reportStorageFull();
      return;
  }
}

/**
 * The worker can start the app offline only with a saved answer of /auth/me (features/auth initAuth);
 * a sign-in does not call it, so ask once when signed in under a worker (also a first visit's).
 */
function keepWhoAmI(): void {
  if (auth.status !== 'signedIn' || !navigator.serviceWorker?.controller) return;
  void api.get('auth/me', { quiet: true }).catch(() => undefined);
}

export function watchOutbox(): void {
  setOutboxCommands({
    discard: (id) => postToSw({ type: 'OUTBOX_DISCARD', id }),
    replay: () => postToSw({ type: 'REPLAY_OUTBOX' }),
    get: (id) => askSw<TOutboxItem>({ type: 'OUTBOX_GET', id }),
  });
  onSwMessage(onMessage);
  // App start: learn the state, and send whatever waited while the app was closed.
  postToSw({ type: 'HELLO' });
  postToSw({ type: 'REPLAY_OUTBOX' });
  let status = auth.status;
  subscribe(auth, () => {
    if (auth.status === status) return;
    const was = status;
    status = auth.status;
    // Only a real sign-out clears: starting signed out (e.g. offline, no token) keeps the cache.
    if (was === 'signedIn' && status === 'signedOut') postToSw({ type: 'CLEAR_USER_CACHES' });
    if (status === 'signedIn') {
      show();
      keepWhoAmI();
      postToSw({ type: 'REPLAY_OUTBOX' });
    }
  });
  navigator.serviceWorker?.addEventListener('controllerchange', keepWhoAmI);
}
