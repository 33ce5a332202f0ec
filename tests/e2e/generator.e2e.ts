import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

/**
 * The AI flow generator with the offline provider (the embedded default): a prompt becomes a flow in a
 * new collection that opens on the canvas. Stop really stops, and Retry runs the same prompt again.
 */
const PROMPT = 'a 20-minute lesson on photosynthesis with a quiz and feedback';
const STAGES = [
  'standards_extraction',
  'thought_process',
  'instructional_design_export',
  'widget_alignment',
  'researching',
  'flow_generation',
];

async function signIn(page: Page, url: (p: string) => string) {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
}

/** Records every stage step and widget list the screen shows, even those gone after navigation. */
async function watchSteps(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, unknown> = { stages: [] as string[], done: [] as string[], widgets: '' };
    (window as unknown as { __gen: typeof seen }).__gen = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-stage]')) {
        const stage = el.dataset.stage ?? '';
        if (!(seen.stages as string[]).includes(stage)) (seen.stages as string[]).push(stage);
        if (el.dataset.done === 'true' && !(seen.done as string[]).includes(stage))
          (seen.done as string[]).push(stage);
      }
      const w = document.querySelector('[data-testid="generator-widgets"]');
      if (w) seen.widgets = w.textContent ?? '';
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export default defineE2E([
  test('[GENERATOR] a prompt becomes a flow in a new collection, opened on the canvas; Stop stops', async ({
    page,
    url,
    screenshot,
  }) => {
    await signIn(page, url);
    await page.getByRole('link', { name: 'AI Flow Generator' }).click();
    await page.waitForURL(/\/editor\/personal\/ai-flow-generator$/);
    await page.getByRole('heading', { name: 'AI Flow Generator' }).waitFor();
    const box = page.getByRole('textbox', { name: 'What should the flow teach?' });

    // Stop during the first stage: nothing is created, Retry is offered. The offline demo streams the
    // six stages in a few seconds, and on a loaded machine a click sent from the test arrived after the
    // last one; so the page itself presses Stop the moment the first stage shows (still a real click).
    await box.fill(PROMPT);
    await page.evaluate(() => {
      const pressStop = new MutationObserver(() => {
        if (!document.querySelector('[data-stage="standards_extraction"]')) return;
        const stop = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Stop');
        if (!stop) return;
        pressStop.disconnect();
        stop.click();
      });
      pressStop.observe(document.body, { subtree: true, childList: true });
    });
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Stopped. Nothing was created').waitFor();
    const stoppedSteps = await page.locator('[data-stage]').count();
    await page.waitForTimeout(400);
    expectEqual(await page.locator('[data-stage]').count(), stoppedSteps, 'no stage starts after Stop');
    expect(stoppedSteps < 6, 'the generation was cut short');

    expect(
      (await page.locator('[data-stage="standards_extraction"]').innerText()).includes('Offline demo'),
      'the offline demo says so',
    );
    await screenshot('stopped');

    // Retry runs the same prompt to the end and opens the flow.
    await watchSteps(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL(/\/editor\/personal\/projects\/[0-9a-f]{24}\/flows\/[0-9a-f]{24}$/, {
      timeout: 30_000,
    });
    const seen = (await page.evaluate(() => (window as unknown as { __gen: unknown }).__gen)) as {
      stages: string[];
      done: string[];
      widgets: string;
    };
    expectEqual(seen.stages.join(), STAGES.join(), 'the six stages in order');
    expectEqual(seen.done.join(), STAGES.join(), 'every stage was marked done');
    expect(seen.widgets.includes('AI General Feedback'), `the widget list names the blocks: ${seen.widgets}`);

    await page.locator('.flow-canvas').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 9);
    const name = await page.getByRole('textbox', { name: 'Flow name' }).inputValue();
    expect(/^AI Generated Flow - .+/.test(name), `flow name: ${name}`);
    expectEqual(await page.locator('.flow-edge-broken').count(), 0, 'no broken link');
    await screenshot('canvas');

    // The new flow sits in the new collection.
    const projectId = /projects\/([0-9a-f]{24})\//.exec(page.url())?.[1];
    await page.goto(url(`/editor/personal/collections/projects/${projectId}`));
    await page
      .getByText(/AI Generated Collection - /)
      .first()
      .waitFor();
    await page.getByText(name).first().waitFor();
    await screenshot('collection');
  }),
]);
