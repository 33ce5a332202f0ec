import type { Page } from 'playwright-core';

/**
 * The page's main-thread work while `during` runs, from Chromium's own counters (CDP
 * Performance.getMetrics): TaskDuration is all the renderer main thread did (script, style, layout,
 * paint), ScriptDuration its script alone. Both are the wall time of the page's own tasks, so a busy
 * machine stretches them too, but they leave out the frames the page merely waited for, which frame
 * times do not: compare them before and after at a similar load.
 */
export async function mainThreadWork<T>(
  page: Page,
  during: () => Promise<T>,
): Promise<{ result: T; taskMs: number; scriptMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    const read = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
      return { task: get('TaskDuration'), script: get('ScriptDuration') };
    };
    const before = await read();
    const result = await during();
    const after = await read();
    return { result, taskMs: after.task - before.task, scriptMs: after.script - before.script };
  } finally {
    await cdp.detach();
  }
}

export const workNote = (what: string, w: { taskMs: number; scriptMs: number }) =>
  `${what}: the renderer's main thread worked ${w.taskMs.toFixed(0)} ms, of which script ${w.scriptMs.toFixed(0)} ms`;
