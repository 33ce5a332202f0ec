import { h5pPackage, TINCAN_ACTIVITY, tincanPackage } from '../fixtures/packages';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, eventually } from './offline.util';

/**
 * Packages on a phone: a flow plays a real .h5p (its tiny library emits `answered` through
 * H5P's dispatcher), takes a whiteboard drawing, then launches a real TinCan package whose own script
 * reads the launch query and POSTs its statement to our LRS. The LRS is then read as any xAPI client
 * would, with the space's credentials: each statement is there, with the learner as actor.
 */
const ADL = 'http://adlnet.gov/expapi/verbs/';

async function upload(
  url: (p: string) => string,
  token: string,
  path: string,
  name: string,
  bytes: Uint8Array,
) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  const res = await fetch(url(`/api/${path}`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as { data: { id: string } };
  expectEqual(res.status, 201, `${name} uploaded: ${JSON.stringify(json)}`);
  return json.data.id;
}

function flowOf(h5pId: string, tincanId: string) {
  const node = (id: string, type: string, y: number, data: Record<string, unknown>) => ({
    id,
    type,
    position: { x: 0, y },
    data,
  });
  const nodes = [
    node('s', 'beginNode', 0, { label: 'Start' }),
    node('h', 'h5pNode', 100, { label: 'Hello', packageId: h5pId, question: 'Press the button' }),
    node('w', 'whiteboardNode', 200, { label: 'Draw', question: 'Draw a leaf' }),
    node('x', 'xAPINode', 300, { label: 'Course', packageFormat: 'tincan', packageId: tincanId }),
  ];
  const edges = [
    ['s', 'h'],
    ['h', 'w'],
    ['w', 'x'],
  ].map(([source, target], i) => ({ id: `e${i}`, source, sourceHandle: 'out', target, targetHandle: 'in' }));
  return { name: 'Packages on a phone', nodes, edges };
}

type Statement = {
  actor: { mbox?: string };
  verb: { id: string };
  object: { id: string };
  context?: unknown;
};

export default defineE2E([
  test(
    '[PLAYER] packages on a phone: H5P answered, a whiteboard drawing and a TinCan package’s own statement reach the LRS',
    async ({ page, url, server, screenshot }) => {
      const token = await apiToken(url);
      const h5pId = await upload(url, token, 'h5p', 'hello.h5p', h5pPackage());
      const tincanId = await upload(url, token, 'xapi/upload', 'course.zip', tincanPackage());
      const flow = await api<{ data: { _id: string } }>(url, token, 'POST', 'flows', flowOf(h5pId, tincanId));
      expect(flow.status === 201 || flow.status === 200, `flow created: ${JSON.stringify(flow.json)}`);
      const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
        name: 'Packages week',
        flowIds: [flow.json.data._id],
        unitUsageOption: 'PAY_BY_ME',
      });
      expectEqual(made.status, 201, 'assignment created');
      const { _id: assignmentId, code } = made.json.data;
      const email = `packages-${Date.now()}@school.test`;
      const password = 'learner-password-1';
      await verifiedAccount(server, url, email, password);

      await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await page.getByRole('link', { name: /Packages on a phone/ }).click();

      // H5P: the content renders in the sandboxed frame; pressing its button reports `answered`.
      await page.getByText('Press the button').waitFor();
      const h5p = page.frameLocator('iframe.pl-frame--package');
      await h5p.locator('button.flowlearn-hello').click({ timeout: 30_000 });
      await page.getByText('Results to record: 1').waitFor();
      await screenshot('phone-h5p');
      await page.getByRole('button', { name: 'Done' }).click();

      // Whiteboard: a stroke with the pointer, then send it.
      const board = page.getByLabel(/^Whiteboard: draw with your finger/);
      await board.waitFor();
      const box = await board.boundingBox();
      expect(box !== null && box.width <= 390, `the board fits the phone (${box?.width}px)`);
      if (box) {
        await page.mouse.move(box.x + 20, box.y + 20);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
        await page.mouse.up();
      }
      await page.getByRole('button', { name: 'Send my drawing' }).click();

      // TinCan: the package's own script reads endpoint/auth/actor and POSTs to our LRS.
      const course = page.frameLocator('iframe.pl-frame--package');
      await course.getByText('Statement sent').waitFor({ timeout: 30_000 });
      await screenshot('phone-tincan');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.locator('.pl-done').waitFor();

      // The LRS, read with the space's own credentials as an xAPI client reads it.
      const made2 = await api<{ key: string; secret: string }>(url, token, 'POST', 'lrs/credentials', {
        name: 'e2e reader',
      });
      expect(made2.status === 201 || made2.status === 200, `credentials: ${JSON.stringify(made2.json)}`);
      const basic = `Basic ${Buffer.from(`${made2.json.key}:${made2.json.secret}`).toString('base64')}`;
      const read = async (query: string) => {
        const res = await fetch(url(`/xapi/statements?${query}`), {
          headers: { Authorization: basic, 'X-Experience-API-Version': '1.0.3' },
        });
        return ((await res.json()) as { statements: Statement[] }).statements;
      };
      const mine = (s: Statement) => s.actor.mbox === `mailto:${email}`;
      const inAssignment = (s: Statement) => JSON.stringify(s.context ?? {}).includes(assignmentId);
      const answered = await eventually('H5P and whiteboard statements in the LRS', async () => {
        const list = (await read(`verb=${encodeURIComponent(`${ADL}answered`)}`)).filter(mine);
        return list.length >= 2 ? list : undefined;
      });
      const fromH5p = answered.find((s) => !s.object.id.includes('/viewer/flows/'));
      expect(fromH5p !== undefined && inAssignment(fromH5p), 'the H5P answer, in the assignment');
      const drawing = answered.find((s) => s.object.id.endsWith('/nodes/w'));
      expect(drawing !== undefined && inAssignment(drawing), 'the whiteboard answer, in the assignment');
      const own = (await read(`activity=${encodeURIComponent(TINCAN_ACTIVITY)}`)).filter(mine);
      expectEqual(own.map((s) => s.verb.id).join(), `${ADL}completed`, 'the package’s own statement');
      expect(inAssignment(own[0]), 'stamped with the assignment');
    },
    { browser: { viewport: 'phone' }, timeoutMs: 180_000 },
  ),
]);
