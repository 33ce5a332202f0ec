import type { Page } from 'playwright-core';
import { edge } from '../fixtures/flows/graph';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, signInAsDemo } from './offline.util';

type Url = (path: string) => string;
const at = (y: number) => ({ x: 0, y });

/** Start → a quiz the author wrote (Paris, then the Pacific right) → a closing text. */
async function seedQuizLesson(url: Url, token: string) {
  const flow = await api(url, token, 'POST', 'flows', {
    name: 'Capitals quiz',
    nodes: [
      { id: 's', type: 'beginNode', position: at(0), data: { label: 'Start' } },
      {
        id: 'quiz',
        type: 'quizJsonNode',
        position: at(100),
        data: {
          label: 'Capital',
          quiz: {
            questions: [
              { question: 'Capital of France?', options: ['Rome', 'Paris'], answer: 'Paris' },
              { question: 'Largest ocean?', options: ['Atlantic', 'Pacific'], answer: 'Pacific' },
            ],
          },
        },
      },
      { id: 'bye', type: 'displayNode', position: at(200), data: { label: 'Bye', text: 'Well done, class' } },
    ],
    edges: [edge('s.out>quiz.in'), edge('quiz.out>bye.in')],
  });
  expectEqual(flow.status, 201, `flow created: ${JSON.stringify(flow.json)}`);
  const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
    name: `Live quiz ${Date.now()}`,
    flowIds: [flow.json.data._id],
    unitUsageOption: 'PAY_BY_ME',
  });
  expectEqual(made.status, 201, 'assignment created');
  await api(url, token, 'PUT', `assignment/${made.json.data._id}`, { signInRequired: false });
  return made.json.data;
}

async function joinAndAnswer(phone: Page, url: Url, code: string, name: string, choices: string[]) {
  await phone.goto(url(`/viewer/assignments/join-assignment/${code}`));
  await phone.getByLabel('Your name').fill(name);
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await phone.getByText('Live lesson — following your teacher').waitFor();
  await phone.getByTestId('live-open').click();
  await phone.getByText('Capital of France?').waitFor();
  for (const choice of choices) await phone.getByLabel(choice, { exact: true }).check();
  await phone.getByRole('button', { name: 'Submit answers' }).click();
}

/**
 * The live screen owns the viewport: it covers it exactly, scrolls neither itself nor the page, what
 * stands at the screen's corners is the live screen's, and the chart (with its labels) ends above the
 * control bar.
 */
async function expectOwnsViewport(page: Page, size: string) {
  // A script as text: the test runner's compiler would wrap functions given here in its own helpers.
  const box = (await page.evaluate(`(() => {
    const dialog = document.querySelector('.live.classroom');
    const rect = (sel) => document.querySelector(sel)?.getBoundingClientRect().toJSON();
    const corners = [[2, 2], [innerWidth - 2, innerHeight - 2], [2, innerHeight - 2]].map(([x, y]) =>
      dialog.contains(document.elementFromPoint(x, y)));
    return {
      dialog: dialog.getBoundingClientRect().toJSON(),
      scrolls: dialog.scrollHeight > dialog.clientHeight + 1,
      pageScrolls: document.documentElement.scrollHeight > innerHeight + 1,
      corners,
      labels: [...document.querySelectorAll('.live__chart .apexcharts-xaxis-label')].map((l) =>
        l.getBoundingClientRect().toJSON()),
      controls: rect('.live__controls'),
      view: [innerWidth, innerHeight],
    };
  })()`)) as {
    dialog: DOMRect;
    scrolls: boolean;
    pageScrolls: boolean;
    corners: boolean[];
    labels: DOMRect[];
    controls?: DOMRect;
    view: [number, number];
  };
  const at = `${size}: ${JSON.stringify(box)}`;
  expect(box.dialog.width === box.view[0] && box.dialog.height === box.view[1], `covers the viewport ${at}`);
  expect(!box.scrolls && !box.pageScrolls && box.corners.every(Boolean), `nothing under it scrolls ${at}`);
  expect(box.labels.length >= 2 && box.controls !== undefined, `the chart has its labels ${at}`);
  const lowest = Math.max(...box.labels.map((l) => l.bottom));
  expect(lowest <= (box.controls?.top ?? 0), `the labels end above the controls ${at}`);
}

export default defineE2E([
  test(
    '[LIVE] a quiz on the projector chart, the right answer on Reveal, points and the leaderboard',
    async ({ page, url, launch, screenshot }) => {
      await signInAsDemo(page, url);
      const token = await apiToken(url);
      const { _id: id, code } = await seedQuizLesson(url, token);
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(url(`/editor/personal/assignment/${id}`));
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await page.getByLabel(/Points and a leaderboard/).check();
      await page.getByRole('button', { name: 'Start live' }).click();
      const screen = page.getByRole('dialog', { name: 'Live lesson' });
      const controls = screen.getByRole('toolbar', { name: 'Lesson controls' });
      await screen.getByTestId('live-step').filter({ hasText: 'Step 1 of 2' }).waitFor();
      await screen.getByTestId('live-question').filter({ hasText: 'Capital of France?' }).waitFor();

      const kim = await launch({ viewport: 'phone' });
      const lee = await launch({ viewport: 'phone' });
      await joinAndAnswer(kim.page, url, code, 'Kim', ['Paris', 'Pacific']);
      await joinAndAnswer(lee.page, url, code, 'Lee', ['Rome', 'Pacific']);
      await screen.getByText('2 answers', { exact: false }).waitFor({ timeout: 10_000 });
      await screen.getByTestId('live-chart').waitFor();
      expectEqual(await screen.getByTestId('live-right').count(), 0, 'no right answer before Reveal');

      await controls.getByRole('button', { name: 'Reveal' }).click();
      await screen.getByTestId('live-right').filter({ hasText: 'Paris' }).waitFor();
      await page.waitForTimeout(600); // the chart's bars grow for 250 ms
      await screenshot('projector-quiz-revealed-1024x768');
      await expectOwnsViewport(page, '1024x768');

      // The second question of the quiz: its own chart, its own right answer.
      await screen.getByRole('button', { name: 'Next question' }).click();
      await screen.getByTestId('live-question').filter({ hasText: 'Largest ocean?' }).waitFor();
      await screen.getByTestId('live-right').filter({ hasText: 'Pacific' }).waitFor();
      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(600);
        await screenshot(`projector-quiz-question-2-${width}x${height}`);
        await expectOwnsViewport(page, `${width}x${height}`);
      }
      await page.setViewportSize({ width: 1024, height: 768 });

      // Each phone learns its points with the reveal: Kim first, Lee (wrong) with none.
      const kimScore = kim.page.getByTestId('live-score');
      await kimScore.filter({ hasText: 'rank 1 of 2' }).waitFor({ timeout: 5000 });
      const kimPoints = Number(/: (\d+)/.exec((await kimScore.textContent()) ?? '')?.[1]);
      expect(kimPoints > 1000 && kimPoints <= 2000, `Kim earned twice 500 + a speed bonus: ${kimPoints}`);
      const leeScore = lee.page.getByTestId('live-score').filter({ hasText: 'rank 2 of 2' });
      await leeScore.waitFor();
      const leePoints = Number(/: (\d+)/.exec((await leeScore.textContent()) ?? '')?.[1]);
      expect(leePoints >= 500 && leePoints <= 1000, `Lee earned one question's points: ${leePoints}`);
      await screenshot('phone-quiz-points-390x844', kim.page);

      // The leaderboard between steps, names hidden by default.
      await screen.getByRole('button', { name: 'Show leaderboard' }).click();
      const board = screen.getByTestId('live-leaderboard');
      await board.getByText('Learner 1').waitFor();
      const boardText = (await board.textContent()) ?? '';
      expect(!boardText.includes('Kim') && boardText.includes(String(kimPoints)), `the board: ${boardText}`);
      await screenshot('projector-leaderboard-1024x768');
      await screen.getByRole('button', { name: 'End lesson' }).click();
      await kim.page.getByTestId('live-ended').waitFor();
    },
    { timeoutMs: 180_000 },
  ),
]);
