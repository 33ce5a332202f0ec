import { CMI5_COURSE_TWO, CMI5_TWO_AUS, cmi5CoursePackage } from '../fixtures/packages';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, eventually, signInAsDemo } from './offline.util';

/**
 * A cmi5 course of two AUs on a phone: the learner opens the course's first unit in the xAPI block,
 * whose own script fetches its token, reads LMS.LaunchData and sends `completed`; Next unit launches
 * the second the same way. The teacher's dashboard then holds the LMS's `satisfied` for the course,
 * with the learner named by their e-mail (cmi5 names them by an account, never their address).
 */
const SATISFIED = 'https://w3id.org/xapi/adl/verbs/satisfied';

type DashboardRow = { verb: { id: string }; object: { id: string; definition?: { type?: string } } };

export default defineE2E([
  test(
    '[PLAYER] cmi5 course on a phone: two units launched one after another, the teacher sees the learner satisfied',
    async ({ page, url, server, screenshot, launch }) => {
      const token = await apiToken(url);
      const form = new FormData();
      form.set('file', new File([cmi5CoursePackage() as BlobPart], 'course.zip'));
      const up = await fetch(url('/api/xapi/upload'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      const uploaded = (await up.json()) as { data: { id: string } };
      expectEqual(up.status, 201, `course uploaded: ${JSON.stringify(uploaded)}`);
      const nodes = [
        { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
        {
          id: 'x',
          type: 'xAPINode',
          position: { x: 0, y: 100 },
          data: { label: 'Course', packageFormat: 'cmi5', packageId: uploaded.data.id },
        },
      ];
      const edges = [{ id: 'e0', source: 's', sourceHandle: 'out', target: 'x', targetHandle: 'in' }];
      const flow = await api<{ data: { _id: string } }>(url, token, 'POST', 'flows', {
        name: 'Two units on a phone',
        nodes,
        edges,
      });
      expect(flow.status === 201 || flow.status === 200, `flow created: ${JSON.stringify(flow.json)}`);
      const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
        name: 'cmi5 week',
        flowIds: [flow.json.data._id],
        unitUsageOption: 'PAY_BY_ME',
      });
      expectEqual(made.status, 201, 'assignment created');
      const { _id: assignmentId, code } = made.json.data;
      const email = `cmi5-${Date.now()}@school.test`;
      const password = 'learner-password-1';
      await verifiedAccount(server, url, email, password);

      await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await page.getByRole('link', { name: /Two units on a phone/ }).click();

      const course = page.frameLocator('iframe.pl-frame--package');
      await page.getByText('Unit 1 of 2: Unit one').waitFor({ timeout: 30_000 });
      await course.getByText('Statement sent').waitFor({ timeout: 30_000 });
      await screenshot('phone-cmi5-unit-one');
      await page.getByRole('button', { name: 'Next unit' }).click();
      await page.getByText('Unit 2 of 2: Unit two').waitFor();
      await course.getByText('Statement sent').waitFor({ timeout: 30_000 });
      await screenshot('phone-cmi5-unit-two');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.locator('.pl-done').waitFor();

      // The teacher's dashboard: the course satisfied, by the learner it names by e-mail.
      const data = await eventually('the course satisfied on the dashboard', async () => {
        const res = await api<{
          dashboardData: { statements: DashboardRow[]; people?: Array<{ email: string }> };
        }>(url, token, 'GET', `assignment/${assignmentId}/lrs-dashboard`);
        const d = res.json.dashboardData;
        const done = d?.statements.some(
          (s) => s.verb.id === SATISFIED && s.object.definition?.type?.endsWith('/course'),
        );
        return done ? d : undefined;
      });
      expectEqual(data.people?.map((p) => p.email).join(), email, 'the learner behind the account');
      const completedUnits = data.statements
        .filter((s) => s.verb.id === 'http://adlnet.gov/expapi/verbs/completed')
        .map((s) => s.object.id)
        // The player's own `completed` of the flow is there too: only the course's AUs are counted here.
        .filter((id) => id.startsWith(CMI5_COURSE_TWO))
        .sort();
      expectEqual(completedUnits.join(), [...CMI5_TWO_AUS].sort().join(), 'each unit completed itself');

      // The teacher's Reports tab lists the learner's units, both met, on a tablet and on a phone.
      for (const viewport of ['tablet', 'phone'] as const) {
        const teacher = await launch({ viewport });
        await signInAsDemo(teacher.page, url);
        await teacher.page.goto(url(`/editor/personal/assignment/${assignmentId}`));
        await teacher.page.getByRole('tab', { name: 'Reports', exact: true }).click();
        const units = teacher.page.getByRole('heading', { name: 'Course units: Two units' });
        await units.waitFor();
        await units.scrollIntoViewIfNeeded();
        await screenshot(`teacher-cmi5-units-${viewport}`, teacher.page);
      }
    },
    { browser: { viewport: 'phone' }, timeoutMs: 180_000 },
  ),
]);
