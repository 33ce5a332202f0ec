import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { startServer } from '../e2e/server';
import { type Bench, type BenchRow, median } from './bench';

/**
 * First contentful paint (the Performance API's `first-contentful-paint`, from navigation start) of
 * the sign-in page in headless Chromium at a tablet viewport, against the real server: a first visit
 * (fresh profile, no service worker), a repeat visit (the worker answers from its precache) and an
 * offline start (the same, with the network off). Median of RUNS each. The first paint is the boot
 * splash of index.html; the time until the app's own sign-in form is in the page is printed too.
 */
const RUNS = 5;
const TARGET_MS = 300;
const PATH = '/editor/login';

function buildClient(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the client build failed');
}

/** Waits for the paint entry (a buffered observer sees it even if it came before the call). */
function fcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** Notes, at document start of every navigation, when the app's sign-in form is in the page. */
const FORM_SCRIPT = `(() => {
  new MutationObserver((_, observer) => {
    if (!document.getElementById('login-email')) return;
    window.__formAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})();`;

async function formAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __formAt?: number }).__formAt, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => (window as unknown as { __formAt: number }).__formAt);
}

interface Sample {
  fcp: number[];
  form: number[];
}

async function visit(page: Page, url: string, into?: Sample): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  const [paint, form] = [await fcp(page), await formAt(page)];
  into?.fcp.push(paint);
  into?.form.push(form);
}

const fmt = (v: number) => `${v.toFixed(0)} ms`;
function row(figure: string, samples: number[], target?: number): BenchRow {
  const value = median(samples);
  return {
    figure: `${figure} (median of ${samples.length})`,
    value: fmt(value),
    target: target ? `≤ ${fmt(target)}` : '',
    withinTarget: target ? value <= target : null,
    notes: [`${figure}: ${samples.map(fmt).join(', ')}`],
  };
}

export const offlineBench: Bench = {
  name: 'offline',
  async run() {
    buildClient();
    const server = await startServer();
    const url = server.url(PATH);
    const first: Sample = { fcp: [], form: [] };
    const repeat: Sample = { fcp: [], form: [] };
    const offline: Sample = { fcp: [], form: [] };
    try {
      for (let i = 0; i < RUNS; i++) {
        const browser = await launchBrowser({ viewport: 'tablet' });
        await browser.context.addInitScript(FORM_SCRIPT);
        try {
          await visit(browser.page, url, first);
        } finally {
          await browser.close();
        }
      }
      const profileDir = mkdtempSync(join(tmpdir(), 'flowlearn-bench-offline-'));
      const browser = await launchBrowser({ viewport: 'tablet', profileDir });
      await browser.context.addInitScript(FORM_SCRIPT);
      try {
        const { page, context } = browser;
        await visit(page, url);
        await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20_000 });
        // Not counted: the first controlled load fills the run-time caches (translations).
        await visit(page, url);
        for (let i = 0; i < RUNS; i++) await visit(page, url, repeat);
        await context.setOffline(true);
        for (let i = 0; i < RUNS; i++) await visit(page, url, offline);
      } finally {
        await browser.close();
        rmSync(profileDir, { recursive: true, force: true });
      }
    } finally {
      await server.stop();
    }
    return [
      row('first paint, first visit (no service worker)', first.fcp),
      row('first paint, repeat visit (service worker)', repeat.fcp, TARGET_MS),
      row('first paint, offline start (service worker)', offline.fcp, TARGET_MS),
      row('sign-in form on screen, first visit', first.form),
      row('sign-in form on screen, repeat visit', repeat.form),
      row('sign-in form on screen, offline start', offline.form),
    ];
  },
};
