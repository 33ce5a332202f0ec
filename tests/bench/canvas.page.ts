import type { Page } from 'playwright-core';

/**
 * In-page measurements for the canvas bench. FIRST_RENDER_SCRIPT runs at document start of every
 * navigation: a requestAnimationFrame loop that notes the first frame at which the blocks in view
 * are drawn (at least one block in the DOM or painted by the simplified drawing, none still hidden
 * for measuring, the opening view placed: the canvas's data-opened) and the count stays the same for the next two frames. performance.now() counts from navigation start.
 * It also defines __name: tsx compiles this file keeping function names, and the helpers it inserts
 * into the functions passed to page.evaluate would otherwise be undefined in the page.
 */
export const FIRST_RENDER_SCRIPT = `(() => {
  window.__name = (f) => f;
  let candidate = null;
  let stable = 0;
  const tick = () => {
    const nodes = document.querySelectorAll('.react-flow__node');
    const opened = document.querySelector('.flow-canvas[data-opened]');
    // Zoomed out past reading the blocks are painted on one canvas, which says how many it drew.
    const painted = document.querySelector('.flow-lod[data-drawn]');
    const count = painted ? Number(painted.dataset.drawn) : nodes.length;
    let ready = count > 0 && opened;
    if (ready) for (const n of nodes) if (n.style.visibility === 'hidden') { ready = false; break; }
    if (ready && candidate && candidate.count === count) {
      if (++stable >= 2) {
        window.__firstRender = { ms: candidate.ms, nodes: count };
        return;
      }
    } else {
      stable = 0;
      candidate = ready ? { ms: performance.now(), count } : null;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

export async function firstRender(page: Page): Promise<{ ms: number; nodes: number }> {
  await page.waitForFunction(() => (window as unknown as { __firstRender?: unknown }).__firstRender, null, {
    timeout: 60_000,
    polling: 100,
  });
  return page.evaluate(
    () => (window as unknown as { __firstRender: { ms: number; nodes: number } }).__firstRender,
  );
}

/** Starts recording requestAnimationFrame deltas; stopFrames returns them. */
export const startFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__frames = [];
    w.__framesOn = true;
    let last = performance.now();
    const tick = (t: number) => {
      if (!w.__framesOn) return;
      w.__frames.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(tick);
    });
  });

export const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__framesOn = false;
    return w.__frames;
  });

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));

/** Presses at `from` and moves 5 px per frame for `frames` frames, then releases: a hand-speed drag. */
export async function scriptedDrag(
  page: Page,
  from: { x: number; y: number },
  frames: number,
  dx = 5,
  dy = 2,
) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await startFrames(page);
  for (let i = 1; i <= frames; i++) {
    await page.mouse.move(from.x + dx * i, from.y + dy * i);
    await nextFrame(page);
  }
  const deltas = await stopFrames(page);
  await page.mouse.up();
  return deltas;
}

/** The centre of a block near the middle of the canvas (its header, where a drag starts). */
export const blockNearCentre = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector('.flow-canvas')!.getBoundingClientRect();
    const cx = pane.left + pane.width / 2;
    const cy = pane.top + pane.height / 2;
    let best: { x: number; y: number; d: number } | null = null;
    for (const el of document.querySelectorAll('.react-flow__node .flow-node__top')) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const d = Math.hypot(x - cx, y - cy);
      if (!best || d < best.d) best = { x, y, d };
    }
    return best ? { x: best.x, y: best.y } : null;
  });

/** Pixels a drag from `from` can go right before xyflow's auto-pan (within 40 px of the edge) starts. */
export const roomToTheRight = (page: Page, from: { x: number }) =>
  page.evaluate((x) => document.querySelector('.react-flow')!.getBoundingClientRect().right - 60 - x, from.x);

/** A point of the empty pane (no block, no control), to pan from. */
export const emptyPanePoint = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('.flow-canvas')!.getBoundingClientRect();
    for (let y = r.top + 40; y < r.bottom - 40; y += 13) {
      for (let x = r.left + 60; x < r.right - 200; x += 17) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    return null;
  });

/**
 * Ctrl+Z (or Ctrl+Shift+Z) → the next painted frame. The key is pressed at the start of a frame (in a
 * requestAnimationFrame callback); the next callback runs once that frame is painted, so a step
 * applied and drawn within one frame reads ~16.7 ms, one that misses it 33 ms or more. `scriptMs` is
 * the page's own script for the step: the key handler and React's render, which runs in microtasks
 * right after it (a store update in a key handler renders synchronously), so a late frame can be told
 * from a busy machine.
 */
export const timeUndo = (page: Page, redo = false) =>
  page.evaluate(
    (shiftKey) =>
      new Promise<{ frameMs: number; scriptMs: number }>((resolve) =>
        requestAnimationFrame(() => {
          const t0 = performance.now();
          let scriptMs = 0;
          window.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'z', code: 'KeyZ', ctrlKey: true, shiftKey, bubbles: true }),
          );
          // Queued after React's own render microtask and the store updates its effects make.
          queueMicrotask(() =>
            queueMicrotask(() =>
              queueMicrotask(() => {
                scriptMs = performance.now() - t0;
              }),
            ),
          );
          requestAnimationFrame(() => resolve({ frameMs: performance.now() - t0, scriptMs }));
        }),
      ),
    redo,
  );

/** The canvas zoom, read from the viewport's transform. */
export const readZoom = (page: Page) =>
  page.evaluate(() => {
    const t = (document.querySelector('.react-flow__viewport') as HTMLElement).style.transform;
    return Number(/scale\(([^)]+)\)/.exec(t)?.[1] ?? 1);
  });

/** The centre of the canvas pane. */
export const paneCentre = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('.react-flow')!.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });

/** Mouse-wheel zoom at `at`, one wheel step per frame: half the frames in, half out. */
export async function wheelFrames(page: Page, at: { x: number; y: number }, frames: number, deltaY: number) {
  await page.mouse.move(at.x, at.y);
  await startFrames(page);
  for (let i = 0; i < frames; i++) {
    await page.mouse.wheel(0, i < frames / 2 ? -deltaY : deltaY);
    await nextFrame(page);
  }
  return stopFrames(page);
}

/** Wheel-zooms in at the centre of the canvas until the zoom is at least `target`. */
export async function zoomInTo(page: Page, target: number) {
  const at = await paneCentre(page);
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < 40 && (await readZoom(page)) < target; i++) {
    await page.mouse.wheel(0, -200);
    await nextFrame(page);
  }
  await page.waitForTimeout(300);
  return readZoom(page);
}
