import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken } from './offline.util';

/**
 * The first hour on the devices people hold, in the order they really take: a learner opens the
 * teacher's join link on a phone before having any account.
 */

const FLOW = {
  nodes: [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    {
      id: 'd',
      type: 'displayNode',
      position: { x: 0, y: 120 },
      data: { label: 'Welcome', text: 'Welcome to the lesson' },
    },
  ],
  edges: [{ id: 'e1', source: 's', sourceHandle: 'out', target: 'd', targetHandle: 'in' }],
};

export default defineE2E([
  test(
    '[PLAYER] a new learner opens the join link, creates an account there and lands in the assignment',
    async ({ page, server, url }) => {
      const token = await apiToken(url);
      const flow = await api(url, token, 'POST', 'flows', { name: 'First hour', ...FLOW });
      expect(flow.status === 201 || flow.status === 200, 'flow created');
      const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
        name: 'First hour lesson',
        flowIds: [flow.json.data._id],
        unitUsageOption: 'PAY_BY_ME',
      });
      expectEqual(made.status, 201, 'assignment created');
      const { code, _id: assignmentId } = made.json.data;

      // The join link first, with no account: it asks to sign in and offers to create one.
      await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL(/\/editor\/signup\?next=/);

      const email = `learner-${Date.now()}@school.test`;
      await page.fill('#signup-email', email);
      await page.fill('#signup-password', 'correct-horse-42');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { name: 'Verify Your Account' }).waitFor();
      await page.fill('#verify-code', await server.waitForMailCode(email, 15_000));
      await page.getByRole('button', { name: 'Verify and Complete Sign Up' }).click();

      // Back in the learner app (never /editor/viewer/…), joined, on the assignment's page.
      await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`), { timeout: 20_000 });
      expect(!page.url().includes('/editor/'), `left the editor: ${page.url()}`);
      await page.getByText('First hour', { exact: false }).first().waitFor();
      expectEqual(await page.getByText('404').count(), 0, 'no not-found page');
    },
    { browser: { viewport: 'phone' } },
  ),

  test('[AUTH] signing in with next pointing at the learner app goes there, not under /editor', async ({
    page,
    url,
  }) => {
    await page.goto(url(`/editor/login?next=${encodeURIComponent('/viewer/join')}`));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.press('#login-password', 'Enter');
    await page.waitForURL(/\/viewer\/join$/, { timeout: 20_000 });
    expect(!new URL(page.url()).pathname.startsWith('/editor'), `in the learner app: ${page.url()}`);
  }),

  test('[AUTH] a signed-out teacher who opens a space page comes back to it after signing in', async ({
    page,
    url,
  }) => {
    await page.goto(url('/editor/demo-school/assignment'));
    await page.waitForURL(/\/editor\/login\?next=/);
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.press('#login-password', 'Enter');
    await page.waitForURL(/\/editor\/demo-school\/assignment$/, { timeout: 20_000 });
  }),
]);
