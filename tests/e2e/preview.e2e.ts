import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, signInAsDemo } from './offline.util';

/**
 * On a tablet: the author previews their flow from the editor and answers its first
 * block as a learner would (nothing recorded), and a block's help link opens its demo.
 */
const NODES = [
  { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
  {
    id: 'ask',
    type: 'inputNode',
    position: { x: 0, y: 160 },
    data: { label: 'Explain', question: 'Why do leaves turn to the light?' },
  },
  {
    id: 'tutor',
    type: 'promptNode',
    position: { x: 0, y: 320 },
    data: { label: 'AI tutor', prompt: 'Give feedback on this answer' },
  },
];
const EDGES = [
  { id: 'e1', source: 's', sourceHandle: 'out', target: 'ask', targetHandle: 'in' },
  { id: 'e2', source: 'ask', sourceHandle: 'out', target: 'tutor', targetHandle: 'in' },
];

export default defineE2E([
  test(
    '[PREVIEW] on a tablet the author previews the flow from the editor, and a help link opens its demo',
    async ({ page, context, url, screenshot }) => {
      await signInAsDemo(page, url);
      const token = await apiToken(url);
      const made = await api(url, token, 'POST', 'flows', {
        name: 'Leaves preview',
        nodes: NODES,
        edges: EDGES,
      });
      expect(made.status === 201, `flow created: ${JSON.stringify(made.json)}`);
      const flowId = made.json.data._id;
      await page.goto(url(`/editor/personal/projects/no-project/flows/${flowId}`));
      await page.locator('.flow-canvas').waitFor();

      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('preview-flow').click(),
      ]);
      await preview.waitForURL(new RegExp(`/viewer/flow-preview/${flowId}$`));
      await preview.getByTestId('preview-badge').waitFor();
      await preview.getByText('Why do leaves turn to the light?').waitFor();
      await preview.fill('#pl-text', 'Leaves need light to make sugar.');
      await preview.getByRole('button', { name: 'Send' }).click();
      // The AI block answers (the embedded offline provider, paid by the author's space), then the end.
      await preview.getByText('Well done! You finished this activity.').waitFor({ timeout: 30_000 });
      await screenshot('preview', preview);
      await preview.close();

      // The palette's "?" of Display Text opens that block's demo in the player.
      const help = page.getByTestId('help-displayNode');
      expectEqual(await help.getAttribute('href'), '/viewer/flow/share/displayNode', 'help link');
      const [demo] = await Promise.all([context.waitForEvent('page'), help.click()]);
      await demo.waitForURL(/\/viewer\/flow\/share\/displayNode$/);
      await demo.getByTestId('preview-badge').waitFor();
      await demo.getByText('Plants make their food from light, water and air.').waitFor();
      await screenshot('demo', demo);
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 120_000 },
  ),
]);
