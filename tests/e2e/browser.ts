import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface LaunchOptions {
  viewport?: ViewportName | { width: number; height: number };
  /** Accept-Language and navigator.language; the app itself reads its language from localStorage. */
  locale?: string;
  /**
   * Reuse this profile folder (a browser restart: same storage, service worker and cookies). It is
   * kept on close; whoever made it deletes it. Without it, a fresh temp profile is made and deleted.
   */
  profileDir?: string;
  /**
   * No network for the whole browser from its first moment, the service worker included: every
   * request goes to a proxy that is not there. Playwright's offline emulation (context.setOffline)
   * reaches a worker only once it is attached, and Chromium may start the worker (Background Sync at
   * browser start) before that. Cannot be undone: relaunch without it to come back online.
   */
  networkDown?: boolean;
  /** Touch events on (phones always have them): a tablet used with fingers. */
  touch?: boolean;
}

const NETWORK_DOWN_ARGS = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'];

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

export interface E2EBrowser {
  context: BrowserContext;
  /** The page the persistent context opens with. */
  page: Page;
  /** Console messages of every page of the context (CSP violations are reported here). */
  console: ConsoleEntry[];
  /** Uncaught errors thrown in any page. */
  pageErrors: string[];
  close(): Promise<void>;
}

// Debian's chromium package, never a browser download (ARCHITECTURE §7).
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * A fresh persistent context in its own temp profile: a persistent context is what lets the
 * service worker run as it does for a user (STACK-NOTES 7); the profile is deleted on close.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<E2EBrowser> {
  const ownProfile = !options.profileDir;
  const profile = options.profileDir ?? mkdtempSync(join(tmpdir(), 'flowlearn-e2e-profile-'));
  const name = options.viewport ?? 'desktop';
  const viewport = typeof name === 'string' ? VIEWPORTS[name] : name;
  const phone = name === 'phone';
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      serviceWorkers: 'allow',
      viewport,
      locale: options.locale,
      isMobile: phone,
      hasTouch: phone || options.touch === true,
      args: options.networkDown ? [...ARGS, ...NETWORK_DOWN_ARGS] : ARGS,
    });
  } catch (error) {
    if (ownProfile) rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const consoleEntries: ConsoleEntry[] = [];
  const pageErrors: string[] = [];
  context.on('console', (msg) => {
    consoleEntries.push({ type: msg.type(), text: msg.text(), url: msg.location().url });
  });
  context.on('weberror', (error) => {
    pageErrors.push(String(error.error()));
  });
  const page = context.pages()[0] ?? (await context.newPage());
  let closed = false;
  return {
    context,
    page,
    console: consoleEntries,
    pageErrors,
    async close() {
      if (closed) return;
      closed = true;
      // A wedged browser must not hang the run.
      await Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
      if (ownProfile) rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const launchTablet = (options: Omit<LaunchOptions, 'viewport'> = {}) =>
  launchBrowser({ ...options, viewport: 'tablet' });

export const launchPhone = (options: Omit<LaunchOptions, 'viewport'> = {}) =>
  launchBrowser({ ...options, viewport: 'phone' });

export const RESULTS_DIR = join(process.cwd(), 'test-results');

/** Saves a full-page screenshot to test-results/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${slug(name)}.png`);
  await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
  return file;
}

/** A file-name-safe form of a test title: `[SHELL] opens the shell` → `shell-opens-the-shell`. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'screenshot'
  );
}
