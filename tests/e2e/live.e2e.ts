import { defineE2E, expect, expectEqual, sleep, test } from './harness';
import { api, apiToken, signInAsDemo } from './offline.util';

type Url = (path: string) => string;

/** A guest joins the assignment by code and then its live lesson, as a phone does (through the API). */
async function guestJoinsLive(url: Url, code: string, assignmentId: string, name: string): Promise<string> {
  const joined = await fetch(url('/api/player/guest/join'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, name }),
  });
  expectEqual(joined.status, 200, `${name} joins the assignment`);
  const token = ((await joined.json()) as { session: { accessToken: string } }).session.accessToken;
  const live = await api(url, token, 'POST', `player/assignment/${assignmentId}/live/join`);
  expectEqual(live.status, 200, `${name} joins the live lesson`);
  return token;
}

export default defineE2E([
  test('[LIVE] a teacher starts a live lesson: the projector shows the code, names joining, the count and the answers filling in', async ({
    page,
    url,
    screenshot,
  }) => {
    await signInAsDemo(page, url);
    const token = await apiToken(url);
    const flows = await api<{ data: Array<{ _id: string }> }>(url, token, 'GET', 'flows/user');
    const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
      name: `Live ${Date.now()}`,
      flowIds: [flows.json.data[0]._id],
      unitUsageOption: 'PAY_BY_ME',
    });
    expectEqual(made.status, 201, 'assignment created');
    const { _id: id, code } = made.json.data;
    await api(url, token, 'PUT', `assignment/${id}`, { signInRequired: false });

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(url(`/editor/personal/assignment/${id}`));
    await page.getByRole('button', { name: 'Show QR code' }).click();
    await page.getByRole('button', { name: 'Start live' }).click();
    const screen = page.getByRole('dialog', { name: 'Live lesson' });
    await screen.getByTestId('live-code').filter({ hasText: code }).waitFor();
    await screen.getByText('Waiting for learners to join…').waitFor();
    expectEqual(await screen.getByTestId('live-count').textContent(), '0 joined', 'nobody yet');

    const kim = await guestJoinsLive(url, code, id, 'Kim');
    await screen.getByRole('list', { name: 'Learners who joined' }).getByText('Kim').waitFor();
    const lee = await guestJoinsLive(url, code, id, 'Lee');
    await screen.getByText('Lee', { exact: true }).waitFor();
    expectEqual(await screen.getByTestId('live-count').textContent(), '2 joined', 'two joined');
    await screen.getByTestId('live-step').filter({ hasText: 'Step 1 of' }).waitFor();
    // What the class reads at this step, from the lesson's flow.
    expect(((await screen.getByTestId('live-question').textContent()) ?? '').trim().length > 0, 'step text');

    const state = await api<{ data: { _id: string } }>(url, token, 'GET', `assignment/${id}/live`);
    const answer = (who: string, choice: string) =>
      api(url, who, 'POST', `player/assignment/${id}/live/answers`, {
        sessionId: state.json.data._id,
        step: 0,
        nodeId: 'q1',
        answer: { choices: [choice] },
      });
    expectEqual((await answer(kim, 'Blue')).status, 200, "Kim's answer");
    expectEqual((await answer(lee, 'Green')).status, 200, "Lee's answer");
    await screen.getByTestId('live-chart').waitFor();
    await screen.getByText('2 answers', { exact: false }).waitFor();
    // On a 1280x720 projector the whole chart, its labels too, sits above the control bar.
    const chart = await screen.getByTestId('live-chart').boundingBox();
    const controls = await screen.locator('.live__controls').boundingBox();
    expect(
      chart && controls && chart.y + chart.height <= controls.y + 1,
      `chart above the controls: ${JSON.stringify({ chart, controls })}`,
    );
    await sleep(400); // the bars' 250 ms animation
    await screenshot('projector-1280x720');

    // The teacher's tablet: close answers, then a late answer is refused.
    await page.setViewportSize({ width: 1024, height: 768 });
    await screen.getByRole('button', { name: 'Close answers' }).click();
    await screen.getByRole('button', { name: 'Reopen answers' }).waitFor();
    expectEqual((await answer(kim, 'Red')).status, 409, 'a closed step takes no answer');
    await screenshot('tablet-1024x768');
    await screen.getByRole('button', { name: 'End lesson' }).click();
    await screen.getByText('The lesson has ended.').waitFor();
  }),
]);
