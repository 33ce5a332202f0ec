import type { BrowserContext, Page } from 'playwright-core';
import { type E2EServer, expect } from './harness';

/** Helpers of the offline e2e tests (offline.e2e.ts) and the offline bench. */
export const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };

type Url = (path: string) => string;

export const THAI = /[\u0E00-\u0E7F]/;

export const bannerText = async (page: Page) =>
  (await page.getByTestId('offline-banner').textContent({ timeout: 15_000 })) ?? '';

export async function signInAsDemo(page: Page, url: Url): Promise<void> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  // Enter rather than the button's name: the test may run in Thai.
  await page.press('#login-password', 'Enter');
  await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
}

/** The service worker controls the page (a first visit is claimed once the worker activates). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20_000 });
}

/** Chromium's own verdict on the install criteria: [] when the app can be installed. */
export async function installabilityErrors(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  await cdp.detach();
  return installabilityErrors.map((e) => e.errorId);
}

/** A token of the demo user for API calls from the test (its own session; the browser's is untouched). */
export async function apiToken(url: Url): Promise<string> {
  const res = await fetch(url('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const json = (await res.json()) as { accessToken: string };
  expect(json.accessToken, 'an access token from /api/auth/login');
  return json.accessToken;
}

export async function api<T = { data: { _id: string; revision: number; name: string } }>(
  url: Url,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(url(`/api/${path}`), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** A flow save from the page, through the service worker, with the page's token (or the one given). */
export function saveFromPage(page: Page, flowId: string, body: unknown, token?: string) {
  return page.evaluate(
    async ({ flowId, body, token }) => {
      const bearer = token ?? sessionStorage.getItem('token');
      const res = await fetch(`/editor/../api/flows/${flowId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        queued: res.headers.get('X-Flowlearn-Queued'),
        json: (await res.json().catch(() => null)) as Record<string, unknown> | null,
      };
    },
    { flowId, body, token },
  );
}

export interface StoredEntry {
  id: string;
  flowId?: string;
  baseRevision?: number;
  headers: Record<string, string>;
  body: string;
  failed?: { status: number };
}

/** The outbox as the worker stored it in IndexedDB. */
export function outboxEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open('flowlearn-outbox');
        // Not there yet: leave it to the worker to create (with its store), read nothing.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('items')) return resolve([]);
          const all = db.transaction('items').objectStore('items').getAll();
          all.onsuccess = () => resolve(all.result as StoredEntry[]);
          all.onerror = () => reject(all.error);
          db.close();
        };
      }),
  );
}

/** Polls until `check` returns a value (not undefined), or fails with `what`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${last ? `: ${String(last)}` : ''}`);
}

export const outboxEmptied = (page: Page) =>
  eventually('the outbox empties', async () => ((await outboxEntries(page)).length === 0 ? true : undefined));

/** The server logged a successful token refresh after log line `since`. */
export const renewedSince = (server: E2EServer, since: number) =>
  server.logs.slice(since).some((l) => l.path === '/api/auth/refresh' && l.status === 200);

/** How many answers the worker keeps in its API cache (0 when the cache is gone). */
export const apiCacheSize = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('flowlearn-api-'));
    const sizes = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
    return sizes.reduce((a, b) => a + b, 0);
  });

/** Opens the flow editor and waits for its canvas (offline too, from the worker's copies). */
export async function openEditor(page: Page, editorUrl: string): Promise<void> {
  await page.goto(editorUrl);
  await page.locator('.flow-canvas').waitFor({ timeout: 20_000 });
  await page.waitForSelector('[data-testid="save-state"]', { timeout: 20_000 });
}

/** Taps a palette entry (the block lands in the middle of the view) and waits for `total` blocks. */
export async function placeBlock(page: Page, type: string, total: number): Promise<void> {
  const entry = page.locator(`.palette-entry[data-type="${type}"]`);
  await entry.scrollIntoViewIfNeeded();
  await entry.click();
  await page.waitForFunction((n) => document.querySelectorAll('.react-flow__node').length === n, total);
}

/** Waits for the editor's save state (saved, saving, device, offline…) and returns its text. */
export async function saveStateOf(page: Page, state: string): Promise<string> {
  const el = page.locator(`[data-testid="save-state"][data-state="${state}"]`);
  await el.waitFor({ timeout: 20_000 });
  return (await el.textContent()) ?? '';
}
