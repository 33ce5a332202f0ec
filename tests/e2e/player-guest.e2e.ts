import { oneQuestionQuiz } from '../fixtures/flows/graph';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, eventually, signInAsDemo } from './offline.util';

const LESSON = oneQuestionQuiz({
  label: 'Fractions quiz',
  question: 'What is 1/2 + 1/4?',
  options: ['3/4', '2/6'],
  answer: '3/4',
});

export default defineE2E([
  test(
    '[PLAYER] the teacher switches sign-in off; a learner joins by link as a guest with a name, answers, and shows in the participants',
    async ({ page, url, screenshot, launch }) => {
      const token = await apiToken(url);
      const flow = await api(url, token, 'POST', 'flows', { name: 'Fractions', ...LESSON });
      expect(flow.status === 201 || flow.status === 200, `flow created: ${JSON.stringify(flow.json)}`);
      const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
        name: 'Fractions sprint',
        flowIds: [flow.json.data._id],
        unitUsageOption: 'PAY_BY_ME',
      });
      expectEqual(made.status, 201, 'assignment created');
      const { _id: assignmentId, code } = made.json.data;

      // The teacher turns "Participants sign in to join" off in the assignment's settings.
      const teacher = await launch({ viewport: 'desktop' });
      await signInAsDemo(teacher.page, url);
      await teacher.page.goto(url(`/editor/personal/assignment/${assignmentId}/settings`));
      const toggle = teacher.page.getByRole('checkbox', { name: /Participants sign in to join/ });
      await toggle.waitFor();
      expect(await toggle.isChecked(), 'sign-in is required by default');
      // A controlled switch: it shows the new state once the server saved it.
      await toggle.click();
      await eventually('sign-in switched off', async () => {
        const res = await api<{ data: { signInRequired: boolean } }>(
          url,
          token,
          'GET',
          `assignment/${assignmentId}`,
        );
        return res.json.data.signInRequired === false ? true : undefined;
      });

      // The learner's phone (a fresh browser, no account) opens the join link.
      await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await page.getByRole('heading', { name: 'Fractions sprint' }).waitFor();
      await page.getByRole('heading', { name: 'Join as a guest' }).waitFor();
      expect(!(await page.getByLabel('Password').isVisible()), 'no password asked first');
      await screenshot('guest-join');
      await page.getByLabel('Your name').fill('Ana Guest');
      await page.getByRole('button', { name: 'Join as guest' }).click();
      await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await page.getByRole('link', { name: /Fractions/ }).click();
      await page.getByText('What is 1/2 + 1/4?').waitFor();
      await page.getByLabel('3/4').check();
      await page.getByRole('button', { name: 'Submit answers' }).click();
      await page.getByText('Well done! You finished this activity.').waitFor({ timeout: 20_000 });

      // Coming back on the same phone (a new tab: the token in sessionStorage is gone) keeps the guest.
      const again = await page.context().newPage();
      await again.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await again.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await again.close();

      // The teacher's participants list shows the name, marked as a guest, with the interactions.
      const counted = await eventually('the guest in the matrix', async () => {
        const res = await api<{ data: Array<{ fullname: string; flows: Array<{ interactions: number }> }> }>(
          url,
          token,
          'GET',
          `assignment/${assignmentId}/participants`,
        );
        const ana = res.json.data.filter((p) => p.fullname === 'Ana Guest');
        expectEqual(ana.length <= 1, true, 'one guest, even after coming back');
        return ana[0] && ana[0].flows[0].interactions >= 1 ? ana[0].flows[0].interactions : undefined;
      });
      await teacher.page.goto(url(`/editor/personal/assignment/${assignmentId}`));
      const row = teacher.page.getByTestId('participant-row').filter({ hasText: 'Ana Guest' });
      await row.waitFor();
      await row.getByTestId('guest-badge').waitFor();
      expectEqual(
        await row.getByTestId('interaction-badge').first().textContent(),
        String(counted),
        'matrix cell',
      );
      await screenshot('teacher-participants', teacher.page);
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
]);
