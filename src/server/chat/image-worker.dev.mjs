// The image worker when the server runs from its TypeScript sources (tsx, vitest): a worker thread
// starts without the parent's loader, so it registers tsx itself. The production bundle runs
// dist/server/image-worker.mjs instead (build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./image-worker.ts');
