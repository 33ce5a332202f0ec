import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, eventually } from './offline.util';

// A lesson as a phone learner meets it: a text with an environment variable's name,
// a quiz whose question takes two lines, a photo step, a written answer with AI feedback, a next quiz.
const LONG_QUESTION =
  'Which part of a green plant turns sunlight, water and air into the sugar it needs to grow?';
const NODES = [
  { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
  {
    id: 'd',
    type: 'displayNode',
    position: { x: 0, y: 100 },
    data: { label: 'Set-up', text: 'Point AI_BASE_URL at your model. An _important_ step.' },
  },
  {
    id: 'q',
    type: 'quizJsonNode',
    position: { x: 0, y: 200 },
    data: {
      label: 'Leaf quiz',
      quiz: [{ id: 'q1', question: LONG_QUESTION, options: ['The leaf', 'The root'], answer: 'The leaf' }],
    },
  },
  {
    id: 'photo',
    type: 'imageInputNode',
    position: { x: 0, y: 300 },
    data: { label: 'Leaf photo', question: 'Take a photo of a leaf near you.' },
  },
  {
    id: 'essay',
    type: 'inputNode',
    position: { x: 0, y: 400 },
    data: { label: 'Explain', question: 'Why do leaves turn to the light?' },
  },
  {
    id: 'p',
    type: 'promptNode',
    position: { x: 0, y: 500 },
    data: { label: 'AI tutor', prompt: 'Give feedback on this answer' },
  },
  {
    id: 'q2',
    type: 'quizJsonNode',
    position: { x: 0, y: 600 },
    data: {
      label: 'Water quiz',
      quiz: [{ id: 'w1', question: 'Where does water enter the plant?', options: ['Roots', 'Petals'] }],
    },
  },
];
const EDGES = [
  ['s', 'd'],
  ['d', 'q'],
  ['q', 'photo'],
  ['photo', 'essay'],
  ['essay', 'p'],
  ['p', 'q2'],
].map(([source, target], i) => ({ id: `e${i}`, source, sourceHandle: 'out', target, targetHandle: 'in' }));
EDGES.push({ id: 'et', source: 'essay', sourceHandle: 'text', target: 'p', targetHandle: 'prompt' });

const FLOW_NAME = 'Photosynthesis and the light-seeking leaves of the forest floor';

/** Nothing on the page is wider than the phone: no sideways scrolling. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

export default defineE2E([
  test(
    '[PLAYER] phone learner: photo step fits, text keeps AI_BASE_URL, offline answer waits, reopening resumes',
    async ({ page, context, url, server, screenshot, launch }) => {
      const token = await apiToken(url);
      const flow = await api<{ data: { _id: string } }>(url, token, 'POST', 'flows', {
        name: FLOW_NAME,
        nodes: NODES,
        edges: EDGES,
      });
      const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
        name: 'Leaves week',
        flowIds: [flow.json.data._id],
        unitUsageOption: 'PAY_BY_ME',
      });
      expectEqual(made.status, 201, 'assignment created');
      const { _id: assignmentId, code } = made.json.data;
      const email = `phone-${Date.now()}@school.test`;
      const password = 'learner-password-1';
      await verifiedAccount(server, url, email, password);

      await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await page.getByRole('link', { name: /Photosynthesis/ }).click();

      // Item 7: underscores inside a word stay; _emphasis_ at word boundaries is emphasis.
      const text = page.locator('.pl-card .md').first();
      await text.getByText('AI_BASE_URL', { exact: false }).waitFor();
      expectEqual(
        (await text.locator('em').allTextContents()).join('|'),
        'important',
        'only the real emphasis',
      );
      await page.getByRole('button', { name: 'Next' }).click();

      // Item 6: a two-line question sits inside its box, not across its top border.
      const legend = page.locator('.pl-question legend');
      await legend.getByText(LONG_QUESTION).waitFor();
      const [legendBox, boxBox] = [
        await legend.boundingBox(),
        await page.locator('.pl-question').boundingBox(),
      ];
      expect(legendBox !== null && boxBox !== null, 'question and box are laid out');
      expect((legendBox?.height ?? 0) > 30, `the question takes two lines (${legendBox?.height}px)`);
      expect((legendBox?.y ?? 0) >= (boxBox?.y ?? 0) + 4, 'the question starts inside the box');
      await screenshot('phone-quiz');
      await page.getByLabel('The leaf').check();
      await page.getByRole('button', { name: 'Submit answers' }).click();

      // Item 3: the photo step is a capture button within the phone's width, then a preview, then Send.
      const capture = page.locator('label.pl-capture', { hasText: 'Take or choose a photo' });
      await capture.waitFor();
      expect((await pageWidth(page)) <= 390, `the page fits the phone (${await pageWidth(page)}px)`);
      expect(((await capture.boundingBox())?.height ?? 99) < 64, 'the button label is one line');
      await screenshot('phone-photo');
      await page
        .locator('.pl-capture__input')
        .setInputFiles(join(process.cwd(), 'public/icons/icon-192.png'));
      const preview = page.getByRole('img', { name: 'Your photo, not sent yet' });
      await preview.waitFor();
      expect(
        await preview.evaluate((img: HTMLImageElement) => img.naturalWidth === 192),
        'the preview shows it',
      );
      expect((await pageWidth(page)) <= 390, 'the preview fits the phone');
      await screenshot('phone-photo-preview');
      await page.getByRole('button', { name: 'Send this photo' }).click();

      // Item 5: reopening the flow goes on where the learner left.
      await page.getByText('Why do leaves turn to the light?').waitFor();
      await page.reload();
      await page.getByText('Why do leaves turn to the light?').waitFor();
      expectEqual(await page.getByRole('button', { name: 'Next' }).count(), 0, 'not back at step 1');
      // …showing what was answered before: the quiz's answer and the photo sent.
      await page.getByLabel('Your answer').getByText(`${LONG_QUESTION} — The leaf`).waitFor();
      const sent = page.getByRole('img', { name: 'The photo you sent' });
      await sent.waitFor();
      await eventually(
        'the sent photo loaded',
        async () =>
          (await sent.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)) || undefined,
      );
      await screenshot('phone-resumed');

      // …and on another phone, once the learner signs in there: the server kept their place.
      const other = await launch({ viewport: 'phone' });
      await other.page.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await other.page.getByLabel('E-mail').fill(email);
      await other.page.getByLabel('Password').fill(password);
      await other.page.getByRole('button', { name: 'Sign in' }).click();
      await other.page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await other.page.getByRole('link', { name: /Photosynthesis/ }).click();
      await other.page.getByText('Why do leaves turn to the light?').waitFor();
      await other.page.getByLabel('Your answer').getByText(`${LONG_QUESTION} — The leaf`).waitFor();
      expectEqual(await other.page.getByRole('button', { name: 'Next' }).count(), 0, 'other phone goes on');
      await other.close();

      // Item 4: offline, the question and the typed text stay, and the answer waits on the phone.
      await context.setOffline(true);
      await page.fill('#pl-text', 'Leaves need light to make sugar.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByTestId('saved-offline').waitFor();
      expectEqual(await page.inputValue('#pl-text'), 'Leaves need light to make sugar.', 'typed text kept');
      await page.getByText('Why do leaves turn to the light?').waitFor();
      expectEqual(await page.getByRole('button', { name: 'Try again' }).count(), 0, 'no failure shown');
      // The outbox badge and the language menu stay within the phone.
      expect(
        (await pageWidth(page)) <= 390,
        `the offline screen fits the phone (${await pageWidth(page)}px)`,
      );
      await screenshot('phone-offline-answer');
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));

      // …and goes on: the AI feedback, then the next quiz, which does not cover the feedback (item 6).
      const feedback = page.locator('.pl-card--ai').last();
      await feedback.getByText('Offline demo — no AI model', { exact: false }).waitFor({ timeout: 20_000 });
      await page.getByText('Where does water enter the plant?').waitFor();
      await feedback.scrollIntoViewIfNeeded();
      const covered = await feedback.evaluate((card) => {
        const r = card.getBoundingClientRect();
        window.scrollBy(0, r.bottom - window.innerHeight + 4);
        const after = card.getBoundingClientRect();
        const hit = document.elementFromPoint(after.left + after.width / 2, after.bottom - 12);
        return hit !== null && !card.contains(hit);
      });
      expect(!covered, 'nothing lies over the bottom of the AI feedback');
      await screenshot('phone-feedback');
      // The answer sent again once online is the same statement: the LRS took it once, refused none.
      await page.getByTestId('outbox').waitFor({ state: 'detached', timeout: 20_000 });
      expectEqual(await page.getByText(/not accepted/).count(), 0, 'no statement refused');

      // Item 6: "Interactions: 3" keeps to one line beside a long flow name (once the outbox has sent).
      await page.getByTestId('outbox').waitFor({ state: 'detached', timeout: 20_000 });
      await page.goto(url(`/viewer/assignment/${assignmentId}`));
      const badge = page.getByTestId('interactions').filter({ hasText: /Interactions/ });
      await badge.waitFor();
      expect(((await badge.boundingBox())?.height ?? 99) < 34, 'the badge is one line');
      await screenshot('phone-list');
    },
    { browser: { viewport: 'phone' }, timeoutMs: 150_000 },
  ),
  test(
    '[PLAYER] phone learner: a Thai phone gets the player in Thai, a menu changes it, the app has its own manifest',
    async ({ page, url, screenshot }) => {
      await page.goto(url('/viewer/join'));
      await page.getByRole('heading', { name: 'เข้าร่วมชั้นเรียนของคุณ' }).waitFor();
      expectEqual(await page.evaluate(() => document.documentElement.lang), 'th-TH', 'page language');
      await screenshot('phone-thai');

      // Its own web app manifest, scoped to the learner app.
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expectEqual(href, '/editor/viewer.webmanifest', 'the player links its own manifest');
      const manifest = (await (await fetch(url(href ?? ''))).json()) as { scope: string; start_url: string };
      expectEqual(manifest.scope, '/viewer/', 'manifest scope');
      expect(manifest.start_url.startsWith('/viewer/'), 'starts in the player');

      // The menu offers the five languages; the choice outlives a reload.
      const menu = page.getByRole('combobox', { name: 'ภาษา' });
      expectEqual((await menu.locator('option').allTextContents()).length, 5, 'five languages');
      await menu.selectOption('zh-CN');
      await page.getByRole('combobox', { name: '语言' }).waitFor();
      await page.reload();
      await page.getByRole('combobox', { name: '语言' }).waitFor();
      expectEqual(await page.evaluate(() => document.documentElement.lang), 'zh-CN', 'kept choice');
    },
    { browser: { viewport: 'phone', locale: 'th-TH' }, timeoutMs: 90_000 },
  ),
]);
