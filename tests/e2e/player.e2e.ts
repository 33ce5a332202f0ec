import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { lessonAssignment, publicLesson } from './lessons';
import { api, apiToken, eventually, signInAsDemo, waitForWorker } from './offline.util';

const NODES = [
  { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
  {
    id: 'q',
    type: 'quizJsonNode',
    position: { x: 0, y: 120 },
    data: {
      label: 'Plant quiz',
      quiz: [
        {
          id: 'q1',
          question: 'What do plants need to make food?',
          options: ['Light', 'Sand'],
          answer: 'Light',
        },
      ],
    },
  },
  {
    id: 'essay',
    type: 'inputNode',
    position: { x: 0, y: 240 },
    data: { label: 'Explain', question: 'Why do leaves turn to the light?' },
  },
  {
    id: 'p',
    type: 'promptNode',
    position: { x: 0, y: 360 },
    data: { label: 'AI tutor', prompt: 'Give feedback on this answer' },
  },
];
const EDGES = [
  { id: 'e1', source: 's', sourceHandle: 'out', target: 'q', targetHandle: 'in' },
  { id: 'e2', source: 'q', sourceHandle: 'out', target: 'essay', targetHandle: 'in' },
  { id: 'e3', source: 'essay', sourceHandle: 'out', target: 'p', targetHandle: 'in' },
  { id: 'e4', source: 'essay', sourceHandle: 'text', target: 'p', targetHandle: 'prompt' },
];

const GRAPH = { nodes: NODES, edges: EDGES };

// The first test's flow also keeps the learner's answer in the class's shared journal ("Shared with
// the class"), which the teacher then finds among the Collaborative Journal Reports.
const JOURNAL_NODES = [
  ...NODES,
  {
    id: 'j',
    type: 'journalNode',
    position: { x: 200, y: 300 },
    data: { label: 'Class journal', journalName: 'Why leaves turn', collaborative: true },
  },
];
const JOURNAL_EDGES = [
  ...EDGES.filter((e) => e.id !== 'e3'),
  { id: 'e5', source: 'essay', sourceHandle: 'out', target: 'j', targetHandle: 'in' },
  { id: 'e6', source: 'essay', sourceHandle: 'text', target: 'j', targetHandle: 'entry' },
  { id: 'e7', source: 'j', sourceHandle: 'out', target: 'p', targetHandle: 'in' },
];

export default defineE2E([
  test(
    '[PLAYER] a learner on a phone scans the QR code, runs a quiz, an input and an AI prompt; the teacher sees it',
    async ({ page, url, server, screenshot, launch }) => {
      // The teacher (demo account): a flow and an assignment paid by the owner, in the personal space.
      const token = await apiToken(url);
      const { assignmentId, code } = await lessonAssignment(url, token, 'Plants and light', 'Plants week', {
        nodes: JOURNAL_NODES,
        edges: JOURNAL_EDGES,
      });

      // The teacher shows the QR code of the assignment; the learner's phone reads that very PNG.
      const teacher = await launch({ viewport: 'desktop' });
      await signInAsDemo(teacher.page, url);
      await teacher.page.goto(url(`/editor/personal/assignment/${assignmentId}`));
      await teacher.page.getByRole('button', { name: 'Show QR code' }).click();
      const qr = teacher.page.getByRole('dialog', { name: 'Invite Participants QR' }).getByTestId('qr-image');
      await qr.waitFor();
      const dataUrl = (await qr.getAttribute('src')) ?? '';
      expect(dataUrl.startsWith('data:image/png;base64,'), 'the dialog shows a PNG');
      const png = join(tmpdir(), `join-${code}.png`);
      writeFileSync(png, Buffer.from(dataUrl.split(',')[1], 'base64'));
      const email = `learner-${Date.now()}@school.test`;
      const password = 'learner-password-1';
      await verifiedAccount(server, url, email, password);

      await page.goto(url('/viewer/join'));
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await page.getByTestId('qr-file').setInputFiles(png);
      await page.waitForURL(/\/viewer\/assignments\/join-assignment\//);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
      await page.getByText('Not started').waitFor();
      await screenshot('assignment');
      await page.getByRole('link', { name: /Plants and light/ }).click();

      await page.getByText('What do plants need to make food?').waitFor();
      await page.getByLabel('Light').check();
      await page.getByRole('button', { name: 'Submit answers' }).click();
      await page.getByText('Why do leaves turn to the light?').waitFor();
      await page.fill('#pl-text', 'Leaves need light to make sugar.');
      await page.getByRole('button', { name: 'Send' }).click();
      // The offline provider answers through the paid AI route and the stream shows.
      await page.getByText('Offline demo — no AI model', { exact: false }).first().waitFor();
      await screenshot('ai-answer');
      await page.getByText('Well done! You finished this activity.').waitFor({ timeout: 20_000 });
      await screenshot('done');

      // The teacher's participants matrix counts the learner's interactions.
      const counted = await eventually('interactions in the matrix', async () => {
        const res = await api<{ data: Array<{ email: string; flows: Array<{ interactions: number }> }> }>(
          url,
          token,
          'GET',
          `assignment/${assignmentId}/participants`,
        );
        const me = res.json.data.find((p) => p.email === email);
        return me && me.flows[0].interactions >= 3 ? me.flows[0].interactions : undefined;
      });
      expect(counted >= 3, 'quiz answered, input answered, completed are counted');
      // …and the teacher's Participants tab shows it.
      await teacher.page.keyboard.press('Escape');
      await teacher.page.reload();
      const row = teacher.page.getByTestId('participant-row').filter({ hasText: email });
      await row.waitFor();
      expectEqual(
        await row.getByTestId('interaction-badge').first().textContent(),
        String(counted),
        'matrix cell',
      );
      await screenshot('teacher-matrix', teacher.page);
      // The shared journal block wrote the class's journal: the teacher's Collaborative Journal Reports list it.
      await teacher.page.getByRole('tab', { name: 'Journal', exact: true }).click();
      const shared = teacher.page.getByTestId('collaborative-report');
      await shared.getByText('Why leaves turn').waitFor();
      await shared.getByText('Why leaves turn').click();
      await teacher.page
        .getByTestId('collaborative-dialog')
        .getByText('Leaves need light to make sugar.')
        .waitFor();
      // Spec 02: a full-screen dialog, from the top edge of the window to the bottom.
      const box = await teacher.page.getByRole('dialog').boundingBox();
      const view = teacher.page.viewportSize();
      expectEqual(
        JSON.stringify(box && view ? [Math.round(box.y), Math.round(box.height)] : null),
        JSON.stringify(view ? [0, view.height] : null),
        'the collaborative journal fills the window',
      );
      await screenshot('teacher-collaborative-journal', teacher.page);

      // The statements, read back through the LRS's xAPI endpoint with the teacher's credentials.
      const cred = await api<{ key: string; secret: string }>(url, token, 'POST', 'lrs/credentials', {
        name: 'e2e',
      });
      const basic = `Basic ${Buffer.from(`${cred.json.key}:${cred.json.secret}`).toString('base64')}`;
      const activity = encodeURIComponent(url(`/viewer/assignment/${assignmentId}`));
      const res = await fetch(
        url(`/xapi/statements?activity=${activity}&related_activities=true&limit=100`),
        {
          headers: { Authorization: basic, 'X-Experience-API-Version': '1.0.3' },
        },
      );
      expectEqual(res.status, 200, '/xapi/statements');
      const body = (await res.json()) as {
        statements: Array<{
          actor: { mbox?: string };
          verb: { id: string };
          result?: { score?: { raw: number } };
          context?: { extensions?: Record<string, unknown> };
        }>;
      };
      const verbs = body.statements.map((s) => s.verb.id.split('/').pop());
      for (const v of ['launched', 'answered', 'completed'])
        expect(verbs.includes(v), `a ${v} statement (got ${verbs.join(', ')})`);
      expect(
        body.statements.every((s) => s.actor.mbox === `mailto:${email}`),
        'every statement is the learner',
      );
      expect(
        body.statements.some((s) => s.result?.score?.raw === 1),
        'the quiz answer with its score',
      );
      expect(
        body.statements.some((s) =>
          Object.entries(s.context?.extensions ?? {}).some(
            ([k, v]) => k.endsWith('evidence') && v === 'Leaves need light to make sugar.',
          ),
        ),
        'the typed answer as evidence',
      );
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
  test(
    '[PLAYER] a public link without an account keeps answers typed offline and stops cleanly without credits',
    async ({ page, context, url, screenshot }) => {
      const token = await apiToken(url);
      const { assignmentId, linkCode } = await publicLesson(url, token, 'Open lesson', 'Open week', GRAPH);

      await page.goto(url(`/viewer/public-assignment/${linkCode}`));
      await page.getByRole('link', { name: /Open lesson/ }).click();
      await page.getByLabel('Light').check();
      await page.getByRole('button', { name: 'Submit answers' }).click();
      await page.getByText('Why do leaves turn to the light?').waitFor();

      // Weak Wi-Fi: the typed answer is kept on the phone and the AI block cannot run.
      await context.setOffline(true);
      await page.fill('#pl-text', 'Typed on the bus.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .getByTestId('outbox')
        .getByText(/Offline: answers saved \(\d+\)/)
        .waitFor();
      // The question stays with its text and says the answer waits on the phone.
      await page.getByTestId('saved-offline').waitFor();
      expectEqual(await page.inputValue('#pl-text'), 'Typed on the bus.', 'the typed answer stays');
      await screenshot('offline');

      // Back online: the outbox sends and the answer goes on by itself; the link has no credits, so
      // the AI block stops with the message.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByTestId('outbox').waitFor({ state: 'detached', timeout: 20_000 });
      await page
        .getByText('This link has run out of credits. Please ask the person who shared it.')
        .waitFor();
      await screenshot('out-of-credits');

      const cred = await api<{ key: string; secret: string }>(url, token, 'POST', 'lrs/credentials', {
        name: 'e2e-2',
      });
      const basic = `Basic ${Buffer.from(`${cred.json.key}:${cred.json.secret}`).toString('base64')}`;
      const activity = encodeURIComponent(url(`/viewer/assignment/${assignmentId}`));
      const statements = await eventually('the offline answer in the LRS', async () => {
        const res = await fetch(url(`/xapi/statements?activity=${activity}&related_activities=true`), {
          headers: { Authorization: basic, 'X-Experience-API-Version': '1.0.3' },
        });
        const body = (await res.json()) as {
          statements: Array<{
            actor: { account?: { name: string } };
            context?: { extensions?: Record<string, unknown> };
          }>;
        };
        const typed = body.statements.find((s) =>
          Object.entries(s.context?.extensions ?? {}).some(
            ([k, v]) => k.endsWith('evidence') && v === 'Typed on the bus.',
          ),
        );
        return typed ? body.statements : undefined;
      });
      expect(
        statements.every((s) => s.actor.account?.name.startsWith('guest-')),
        'a public visitor is recorded as a guest',
      );
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
  test(
    '[PLAYER] a learner who opened a flow reloads it offline: the worker keeps the player and the flow',
    async ({ page, context, url, screenshot }) => {
      const token = await apiToken(url);
      const { flowId, flowRevision, linkCode } = await publicLesson(
        url,
        token,
        'Offline lesson',
        'Offline week',
        GRAPH,
      );
      const flowUrl = url(`/viewer/public-assignment/${linkCode}/flow/${flowId}`);

      await page.goto(flowUrl);
      await page.getByText('What do plants need to make food?').waitFor();
      await waitForWorker(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expectEqual(new URL(scope).pathname, '/viewer/', 'the player has its own worker scope');
      // The first visit loaded the flow before the worker existed: the worker fetched it again to keep.
      await eventually('the flow kept by the worker', async () =>
        page.evaluate(async (flowId) => {
          const cache = await caches.open('flowlearn-viewer-api-v1');
          const keys = await cache.keys();
          return keys.some((k) => k.url.endsWith(`/flow/${flowId}`)) || undefined;
        }, flowId),
      );

      // Chromium keeps navigator.onLine true under offline emulation: the reload itself is the test.
      await context.setOffline(true);
      await page.reload();
      await page.getByText('What do plants need to make food?').waitFor({ timeout: 15_000 });
      await page.getByLabel('Light').waitFor();
      await screenshot('offline-reload');
      await context.setOffline(false);

      // The editor's registration is not replaced or widened: the player adds its own scope only.
      const scopes = await page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
      );
      expectEqual(scopes.join(','), '/viewer/', 'only the player worker was registered by the player');

      // The same flow, published, previews at /viewer/flow/share/{id} (nothing recorded or charged).
      const shareUrl = url(`/viewer/flow/share/${flowId}`);
      await page.goto(shareUrl);
      await page.getByText('This page does not exist, or the link is no longer valid.').waitFor();
      const published = await api(url, token, 'PUT', `flows/${flowId}`, {
        published: true,
        revision: flowRevision,
      });
      expectEqual(published.status, 200, 'the author publishes the flow');
      await page.goto(shareUrl);
      await page.getByText('What do plants need to make food?').waitFor();
      await page.getByLabel('Light').waitFor();
    },
    { browser: { viewport: 'phone' }, timeoutMs: 120_000 },
  ),
]);
