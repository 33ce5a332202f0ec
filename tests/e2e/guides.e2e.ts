import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { lessonAssignment, type TGraph } from './lessons';
import { apiToken, signInAsDemo } from './offline.util';

/**
 * The walks of the user guides in docs/guides: an author, a teacher and a learner each take the
 * steps their guide describes, on the device the guide names, and every step is checked. With
 * GUIDE_SHOTS=1 the screenshots are written into docs/guides/img, which is how the guides' pictures
 * are refreshed (`GUIDE_SHOTS=1 npm run test:e2e -- guides`); otherwise they go to test-results.
 */

const GUIDE_DIR = join(import.meta.dirname, '..', '..', 'docs', 'guides', 'img');

async function guideShot(page: Page, name: string, screenshot: (n: string) => Promise<string>) {
  if (process.env.GUIDE_SHOTS !== '1') {
    await screenshot(name);
    return;
  }
  mkdirSync(GUIDE_DIR, { recursive: true });
  await page.screenshot({ path: join(GUIDE_DIR, `${name}.png`), timeout: 10_000 });
}

const QUESTION = 'Which part of a plant takes in water?';
const LESSON: TGraph = {
  nodes: [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    {
      id: 'd',
      type: 'displayNode',
      position: { x: 60, y: 230 },
      data: { label: 'Welcome', text: 'Plants drink through their **roots**. Read on, then answer.' },
    },
    {
      id: 'q',
      type: 'quizJsonNode',
      position: { x: 0, y: 470 },
      data: {
        label: 'Roots quiz',
        quiz: [{ id: 'q1', question: QUESTION, options: ['The roots', 'The petals'], answer: 'The roots' }],
      },
    },
    {
      id: 'i',
      type: 'inputNode',
      position: { x: 60, y: 750 },
      data: { label: 'In your words', question: 'Why do plants need water?' },
    },
  ],
  edges: [
    ['s', 'd'],
    ['d', 'q'],
    ['q', 'i'],
  ].map(([source, target], n) => ({ id: `e${n}`, source, sourceHandle: 'out', target, targetHandle: 'in' })),
};

export default defineE2E([
  test(
    '[GUIDES] author: the home page, a flow on the canvas with a block open, and its preview',
    async ({ page, url, screenshot }) => {
      await signInAsDemo(page, url);
      await page.getByRole('heading').first().waitFor();
      await guideShot(page, 'author-home', screenshot);
      await page.getByRole('link', { name: 'Collections', exact: true }).click();
      await page.waitForURL(/\/collections/);
      await page.getByRole('heading').first().waitFor();
      await guideShot(page, 'author-collections', screenshot);

      const token = await apiToken(url);
      const { flowId } = await lessonAssignment(url, token, 'Plants and water', 'Guide lesson', LESSON);
      await page.goto(url(`/editor/personal/projects/no-project/flows/${flowId}`));
      await page.locator('.flow-canvas').waitFor();
      expectEqual(await page.locator('.react-flow__node').count(), 4, 'the four blocks drawn');
      await page.locator('.react-flow__node-quizJsonNode').click();
      await page.getByText('Roots quiz').first().waitFor();
      await guideShot(page, 'author-canvas', screenshot);

      await page.goto(url(`/viewer/flow-preview/${flowId}`));
      await page.getByText('Plants drink through their', { exact: false }).waitFor();
      await guideShot(page, 'author-preview', screenshot);
    },
    { browser: { viewport: 'tablet' } },
  ),

  test(
    '[GUIDES] teacher and learner: the assignment and its QR code, a phone answering, the report',
    async ({ page, url, server, launch, screenshot }) => {
      const token = await apiToken(url);
      const lesson = await lessonAssignment(url, token, 'Plants and water', 'Plants week', LESSON);
      await signInAsDemo(page, url);
      await page.goto(url(`/editor/personal/assignment/${lesson.assignmentId}`));
      await page.getByRole('heading', { name: 'Plants week' }).waitFor();
      await guideShot(page, 'teacher-assignment', screenshot);
      await page.getByRole('button', { name: 'Show QR code' }).click();
      const qr = page.getByRole('dialog', { name: 'Invite Participants QR' });
      await qr.getByTestId('qr-image').waitFor();
      await guideShot(page, 'teacher-qr', screenshot);
      await qr.getByRole('button', { name: 'Close' }).click();

      // The learner, on a phone, types the code the projector shows.
      const phone = await launch({ viewport: 'phone' });
      const email = `guide-${Date.now()}@school.test`;
      await verifiedAccount(server, url, email, 'learner-password-1');
      await phone.page.goto(url('/viewer/join'));
      await phone.page.getByLabel('Join code from your teacher').fill(lesson.code);
      await guideShot(phone.page, 'learner-join', (n) => screenshot(n, phone.page));
      await phone.page.getByRole('button', { name: 'Join', exact: true }).click();
      await phone.page.getByLabel('E-mail').fill(email);
      await phone.page.getByLabel('Password').fill('learner-password-1');
      await phone.page.getByRole('button', { name: 'Sign in' }).click();
      await phone.page.waitForURL(new RegExp(`/viewer/assignment/${lesson.assignmentId}$`));
      await phone.page.getByRole('link', { name: /Plants and water/ }).click();
      await phone.page.getByText('Plants drink through their', { exact: false }).waitFor();
      await phone.page.getByRole('button', { name: 'Next' }).click();
      await phone.page.locator('.pl-question legend').getByText(QUESTION).waitFor();
      await phone.page.getByLabel('The roots').check();
      await guideShot(phone.page, 'learner-question', (n) => screenshot(n, phone.page));
      await phone.page.getByRole('button', { name: 'Submit answers' }).click();
      await phone.page.getByText('Why do plants need water?').waitFor();
      await phone.page.fill('#pl-text', 'To carry food up from the soil.');
      await phone.page.getByRole('button', { name: 'Send' }).click();
      await phone.page.getByTestId('outbox').waitFor({ state: 'detached', timeout: 20_000 });
      await guideShot(phone.page, 'learner-answered', (n) => screenshot(n, phone.page));

      // Back on the tablet: the learner's answers in the submission report.
      await page.getByRole('tab', { name: 'Submission Report', exact: true }).click();
      const table = page.getByTestId('xapi-table');
      await table.waitFor();
      await table.getByText(email.split('@')[0], { exact: false }).first().waitFor({ timeout: 20_000 });
      expect((await table.textContent())?.includes('Roots quiz'), 'the quiz is a column of the report');
      await page
        .getByRole('heading', { name: 'Submission Report' })
        .evaluate((h) => h.scrollIntoView({ block: 'center' }));
      await guideShot(page, 'teacher-report', screenshot);
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 120_000 },
  ),
]);
