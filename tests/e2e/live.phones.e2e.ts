import type { Page } from 'playwright-core';
import { liveRegistration } from '../../src/shared/domain/live/registration';
import { edge } from '../fixtures/flows/graph';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, signInAsDemo } from './offline.util';

type Url = (path: string) => string;
const at = (y: number) => ({ x: 0, y });

/**
 * Start → a welcome text → "Which colour is the sky?" with Blue / Green, and a text question no link
 * reaches (the teacher's last step): five steps after the start.
 */
async function seedLesson(url: Url, token: string) {
  const flow = await api(url, token, 'POST', 'flows', {
    name: 'Sky lesson',
    nodes: [
      { id: 's', type: 'beginNode', position: at(0), data: { label: 'Start' } },
      {
        id: 'intro',
        type: 'displayNode',
        position: at(100),
        data: { label: 'Intro', text: 'Welcome to the sky lesson' },
      },
      {
        id: 'q',
        type: 'branchingNode',
        position: at(200),
        data: { label: 'Sky', question: 'Which colour is the sky?' },
      },
      { id: 'blue', type: 'conditionalNode', position: at(300), data: { label: 'Blue', buttonText: 'Blue' } },
      {
        id: 'green',
        type: 'conditionalNode',
        position: at(400),
        data: { label: 'Green', buttonText: 'Green' },
      },
      {
        id: 'learnt',
        type: 'inputNode',
        position: at(500),
        data: { label: 'Learnt', question: 'What did you learn?' },
      },
    ],
    edges: [
      edge('s.out>intro.in'),
      edge('intro.out>q.in'),
      edge('q.branch>blue.branch'),
      edge('q.branch>green.branch'),
    ],
  });
  expectEqual(flow.status, 201, `flow created: ${JSON.stringify(flow.json)}`);
  const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
    name: `Live phones ${Date.now()}`,
    flowIds: [flow.json.data._id],
    unitUsageOption: 'PAY_BY_ME',
  });
  expectEqual(made.status, 201, 'assignment created');
  await api(url, token, 'PUT', `assignment/${made.json.data._id}`, { signInRequired: false });
  return made.json.data;
}

/** A phone joins the assignment as a guest (the player's own join page) and opens the live lesson. */
async function joinOnPhone(phone: Page, url: Url, code: string, name: string) {
  await phone.goto(url(`/viewer/assignments/join-assignment/${code}`));
  await phone.getByLabel('Your name').fill(name);
  await phone.getByRole('button', { name: 'Join as guest' }).click();
  await phone.getByText('Live lesson — following your teacher').waitFor();
  await phone.getByTestId('live-open').click();
  await phone.getByText('Welcome to the sky lesson').waitFor();
}

const phoneStep = (phone: Page, text: string) =>
  phone.getByTestId('live-phone-step').filter({ hasText: text }).waitFor({ timeout: 5000 });

export default defineE2E([
  test(
    '[LIVE] phones follow the teacher: next and back, a late guest, an offline phone, answers on the projector chart',
    async ({ page, url, launch, screenshot }) => {
      await signInAsDemo(page, url);
      const token = await apiToken(url);
      const { _id: id, code } = await seedLesson(url, token);
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(url(`/editor/personal/assignment/${id}`));
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await page.getByRole('button', { name: 'Start live' }).click();
      const screen = page.getByRole('dialog', { name: 'Live lesson' });
      const controls = screen.getByRole('toolbar', { name: 'Lesson controls' });
      await screen.getByTestId('live-step').filter({ hasText: 'Step 1 of 5' }).waitFor();
      const session = await api<{ data: { _id: string } }>(url, token, 'GET', `assignment/${id}/live`);
      const registration = liveRegistration(session.json.data._id);

      // Kim's phone: the welcome, then held before the question until the teacher moves on.
      const kim = await launch({ viewport: 'phone' });
      const sent: string[] = [];
      kim.page.on('request', (r) => r.url().includes('/statements') && sent.push(r.postData() ?? ''));
      await joinOnPhone(kim.page, url, code, 'Kim');
      await screen.getByText('Kim', { exact: true }).waitFor();
      await phoneStep(kim.page, 'Step 1 of 5');
      await kim.page.getByRole('button', { name: 'Next' }).click();
      await kim.page.getByTestId('live-hold').waitFor();
      expectEqual(
        await kim.page.getByText('Which colour is the sky?').count(),
        0,
        'no question before the teacher',
      );
      await screenshot('phone-held-390x844', kim.page);

      await controls.getByRole('button', { name: /Next/ }).click();
      const moved = Date.now();
      await kim.page.getByRole('button', { name: 'Blue' }).waitFor({ timeout: 5000 });
      const followMs = Date.now() - moved;
      console.log(`[LIVE] next → Kim's phone shows the question: ${followMs} ms`);
      expect(followMs < 1000, `the phone follows within a second (took ${followMs} ms)`);
      await phoneStep(kim.page, 'Step 2 of 5');

      // Lee joins late: the phone lands on the teacher's step (the welcome's Next is skipped, not
      // pressed); then Lee loses the network.
      const lee = await launch({ viewport: 'phone' });
      await joinOnPhone(lee.page, url, code, 'Lee');
      await phoneStep(lee.page, 'Step 2 of 5');
      await lee.page.getByRole('button', { name: 'Green' }).waitFor({ timeout: 5000 });
      await lee.context.setOffline(true);

      // Back: Kim's phone waits again, the question gone; next brings it back.
      await controls.getByRole('button', { name: /Back/ }).click();
      await phoneStep(kim.page, 'Step 1 of 5');
      await kim.page.getByTestId('live-hold').waitFor();
      await controls.getByRole('button', { name: /Next/ }).click();
      await kim.page.getByRole('button', { name: 'Blue' }).waitFor({ timeout: 5000 });

      // Kim answers online; Lee offline (kept on the phone, in IndexedDB): Lee reloads the page once
      // the network is back, and the kept answer goes out when the page joins the lesson again.
      await kim.page.getByRole('button', { name: 'Blue' }).click();
      await screen.getByText('1 answer', { exact: false }).waitFor();
      await lee.page.getByRole('button', { name: 'Green' }).click();
      // The chart's copy is kept before the run takes the answer: once the button is gone it is stored.
      await lee.page.getByRole('button', { name: 'Green' }).waitFor({ state: 'detached' });
      await lee.context.setOffline(false);
      await lee.page.reload();
      await screen.getByText('2 answers', { exact: false }).waitFor({ timeout: 20_000 });
      await screen.getByTestId('live-chart').waitFor();
      await phoneStep(lee.page, 'Step 2 of 5');
      await screenshot('projector-chart-1280x720');
      await screenshot('phone-answered-390x844', kim.page);

      // The statements of a live answer carry the lesson as their registration.
      await kim.page.waitForTimeout(500);
      expect(
        sent.some((body) => body.includes(registration)),
        `Kim's statements carry the lesson's registration ${registration}`,
      );

      // The teacher has pressed next twice (and back once): next again, then Max joins, late by two
      // steps, and lands on step 3 (its Show Button), the steps before skipped and answered by no one.
      await controls.getByRole('button', { name: /Next/ }).click();
      await screen.getByTestId('live-step').filter({ hasText: 'Step 3 of 5' }).waitFor();
      const max = await launch({ viewport: 'phone' });
      const maxSent: string[] = [];
      max.page.on('request', (r) => r.url().includes('/statements') && maxSent.push(r.postData() ?? ''));
      await joinOnPhone(max.page, url, code, 'Max');
      await phoneStep(max.page, 'Step 3 of 5');
      await max.page.getByRole('button', { name: 'Blue' }).waitFor({ timeout: 5000 });
      expectEqual(await max.page.getByTestId('live-hold').count(), 0, 'Max is not held');
      expectEqual(await max.page.getByRole('button', { name: 'Next' }).count(), 0, 'no Next of the welcome');
      await screenshot('phone-late-step3-390x844', max.page);
      await max.page.waitForTimeout(500);
      const maxStatements = maxSent.join('\n');
      expect(maxStatements.includes('verb/skipped'), 'the skipped steps are recorded as skipped');
      expect(!maxStatements.includes('expapi/verbs/answered'), 'no answer was invented for Max');

      await page.setViewportSize({ width: 1024, height: 768 });
      await screenshot('tablet-1024x768');

      // The teacher goes on to the text question; Max's phone, held at step 3, lands there too.
      await controls.getByRole('button', { name: /Next/ }).click();
      await screen.getByTestId('live-step').filter({ hasText: 'Step 4 of 5' }).waitFor();
      await controls.getByRole('button', { name: /Next/ }).click();
      await screen.getByTestId('live-step').filter({ hasText: 'Step 5 of 5' }).waitFor();
      await phoneStep(max.page, 'Step 5 of 5');
      await max.page.getByText('What did you learn?').waitFor({ timeout: 5000 });
      await max.page.getByRole('textbox').fill('Blue light scatters most in the sky');
      await max.page.getByRole('button', { name: 'Send' }).click();
      await screen.getByText('1 answer', { exact: false }).waitFor({ timeout: 10_000 });
      // Hidden until the teacher reveals it; then a word cloud with no name in it.
      await screen.getByText('Answers are hidden until you reveal them.').waitFor();
      await controls.getByRole('button', { name: 'Reveal' }).click();
      const cloud = screen.getByTestId('live-cloud');
      await cloud.waitFor();
      const cloudText = (await cloud.textContent()) ?? '';
      expect(cloudText.includes('scatters') && !cloudText.includes('Max'), `the cloud: ${cloudText}`);
      await screenshot('projector-word-cloud-1024x768');
      await screenshot('phone-text-answered-390x844', max.page);
      await screen.getByRole('button', { name: 'End lesson' }).click();
      await kim.page.getByTestId('live-ended').waitFor();
      await lee.page.getByTestId('live-ended').waitFor();
      await screenshot('phone-ended-390x844', lee.page);
    },
    { timeoutMs: 180_000 },
  ),
]);
