import type { Page } from 'playwright-core';
import { edge } from '../fixtures/flows/graph';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, signInAsDemo } from './offline.util';

type Url = (path: string) => string;
const at = (y: number) => ({ x: 0, y });

/** Start → a quiz the author wrote ("Capital of France?", Paris right) → a closing text. */
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
            questions: [{ question: 'Capital of France?', options: ['Rome', 'Paris'], answer: 'Paris' }],
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

async function joinAndAnswer(phone: Page, url: Url, code: string, name: string, choice: string) {
  await phone.goto(url(`/viewer/assignments/join-assignment/${code}`));
  await phone.getByLabel('Your name').fill(name);
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await phone.getByText('Live lesson — following your teacher').waitFor();
  await phone.getByTestId('live-open').click();
  await phone.getByText('Capital of France?').waitFor();
  await phone.getByLabel(choice, { exact: true }).check();
  await phone.getByRole('button', { name: 'Submit answers' }).click();
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
      await joinAndAnswer(kim.page, url, code, 'Kim', 'Paris');
      await joinAndAnswer(lee.page, url, code, 'Lee', 'Rome');
      await screen.getByText('2 answers', { exact: false }).waitFor({ timeout: 10_000 });
      await screen.getByTestId('live-chart').waitFor();
      expectEqual(await screen.getByTestId('live-right').count(), 0, 'no right answer before Reveal');

      await controls.getByRole('button', { name: 'Reveal' }).click();
      await screen.getByTestId('live-right').filter({ hasText: 'Paris' }).waitFor();
      await page.waitForTimeout(600); // the chart's bars grow for 250 ms
      await screenshot('projector-quiz-revealed-1024x768');

      // Each phone learns its points with the reveal: Kim first, Lee (wrong) with none.
      const kimScore = kim.page.getByTestId('live-score');
      await kimScore.filter({ hasText: 'rank 1 of 2' }).waitFor({ timeout: 5000 });
      const kimPoints = Number(/: (\d+)/.exec((await kimScore.textContent()) ?? '')?.[1]);
      expect(kimPoints > 500 && kimPoints <= 1000, `Kim earned 500 + a speed bonus: ${kimPoints}`);
      await lee.page.getByTestId('live-score').filter({ hasText: 'Your points: 0 · rank 2 of 2' }).waitFor();
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
