import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken } from './offline.util';

/**
 * Start → Floating Knowledge Bot → Text to Speech → Voice Input → Transcribe → AI General Feedback →
 * Generate Image; the floating bot is no step, it stays in the corner over the steps after it.
 */
const node = (id: string, type: string, y: number, data: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x: 0, y: y * 120 },
  data: { label: id, ...data },
});
const NODES = [
  node('s', 'beginNode', 0),
  node('bot', 'floatingKnowledgeBotNode', 0.5, { label: 'Plant helper', greeting: 'Ask me about plants.' }),
  node('say', 'textToSpeechNode', 1, { text: 'Tell me what plants need to grow.' }),
  node('rec', 'voiceInputNode', 2, { question: 'Record your answer' }),
  node('tr', 'transcribeSpeechNode', 3, { label: 'What did you say?' }),
  node('fb', 'processNode', 4, { question: 'What do plants need?' }),
  node('img', 'generateImageNode', 5, { prompt: 'A sunflower in the sun' }),
];
const link = (id: string, from: string, fromHandle: string, to: string, toHandle: string) => ({
  id,
  source: from,
  sourceHandle: fromHandle,
  target: to,
  targetHandle: toHandle,
});
const EDGES = [
  link('e1', 's', 'out', 'bot', 'in'),
  link('e1b', 'bot', 'out', 'say', 'in'),
  link('e2', 'say', 'out', 'rec', 'in'),
  link('e3', 'rec', 'out', 'tr', 'in'),
  link('e4', 'rec', 'speech', 'tr', 'speech'),
  link('e5', 'tr', 'out', 'fb', 'in'),
  link('e6', 'tr', 'text', 'fb', 'response'),
  link('e7', 'fb', 'out', 'img', 'in'),
];

/** Half a second of silence as a WAV file: what the phone's recorder hands the upload. */
function silentWav(): Buffer {
  const samples = 4000;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

export default defineE2E(
  [
    test(
      '[PLAYER] media blocks on a phone: a floating knowledge bot, speech, a recorded answer, transcription, AI feedback and an image, recorded in the LRS',
      async ({ page, url, server, screenshot }) => {
        const token = await apiToken(url);
        const flow = await api<{ data: { _id: string } }>(url, token, 'POST', 'flows', {
          name: 'Plants speak',
          nodes: NODES,
          edges: EDGES,
        });
        expect(flow.status === 201 || flow.status === 200, `flow created: ${JSON.stringify(flow.json)}`);
        const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
          name: 'Plants voice week',
          flowIds: [flow.json.data._id],
          unitUsageOption: 'PAY_BY_ME',
        });
        expectEqual(made.status, 201, 'assignment created');
        const { _id: assignmentId, code } = made.json.data;

        const email = `voice-${Date.now()}@school.test`;
        const password = 'learner-password-1';
        await verifiedAccount(server, url, email, password);

        await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
        await page.getByLabel('E-mail').fill(email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
        await page.getByRole('link', { name: /Plants speak/ }).click();

        // No speech model on this server: the phone speaks the text itself, and says so.
        await page.getByText('Tell me what plants need to grow.').waitFor();
        await page.getByText('your device reads this aloud with its own voice', { exact: false }).waitFor();
        await page.getByRole('button', { name: 'Read aloud' }).waitFor();
        await screenshot('device-voice');

        // The floating bot let the flow go on; its button opens a bottom sheet over the step.
        const fab = page.getByRole('button', { name: 'Ask Plant helper' });
        await fab.click();
        const panel = page.getByRole('dialog', { name: 'Plant helper' });
        await panel.getByText('Ask me about plants.').waitFor();
        expectEqual(
          await page.evaluate(() => document.activeElement?.tagName),
          'TEXTAREA',
          'focus moves to the question',
        );
        const box = await panel.boundingBox();
        expect(
          box !== null && box.width >= 389 && Math.abs(box.y + box.height - 844) < 2,
          `a bottom sheet on the phone (${JSON.stringify(box)})`,
        );
        await page.keyboard.type('What do plants need?');
        await panel.getByRole('button', { name: 'Send' }).click();
        await panel.getByText('Questions left: 9').waitFor({ timeout: 20_000 });
        await screenshot('floating-bot');
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        // A reload keeps the bot: it lives in the run's saved state.
        await page.reload();
        await page.getByText('Tell me what plants need to grow.').waitFor();
        await fab.waitFor();
        await page.getByRole('button', { name: 'Next' }).click();

        const wav = join(tmpdir(), `answer-${Date.now()}.wav`);
        writeFileSync(wav, silentWav());
        await page.getByText('Record your answer').waitFor();
        await page.locator('input[type=file]').setInputFiles(wav);
        // The chosen file is shown first; the learner sends it.
        await page.getByRole('button', { name: 'Send this file' }).click();

        // No transcription model: the notice, then the learner types what they said.
        await page.getByText('no transcription model is connected', { exact: false }).waitFor();
        expect(await fab.isVisible(), 'the bot still floats over a later step');
        await page.fill('#pl-text', 'Plants need light and water.');
        await page.getByRole('button', { name: 'Send' }).click();

        // AI feedback (offline provider), then the labelled placeholder image.
        await page.getByText('This picture is a placeholder', { exact: false }).waitFor({ timeout: 20_000 });
        const img = page.locator('img.pl-media').last();
        expect(
          (await img.getAttribute('src'))?.startsWith('data:image/svg+xml;base64,'),
          'the placeholder image',
        );
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width <= 390, `no sideways scrolling on a 390 px phone (page is ${width} px wide)`);
        await screenshot('placeholder-image');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Well done! You finished this activity.').waitFor({ timeout: 20_000 });

        const cred = await api<{ key: string; secret: string }>(url, token, 'POST', 'lrs/credentials', {
          name: 'e2e',
        });
        const basic = `Basic ${Buffer.from(`${cred.json.key}:${cred.json.secret}`).toString('base64')}`;
        const activity = encodeURIComponent(url(`/viewer/assignment/${assignmentId}`));
        let verbs: string[] = [];
        let evidence = false;
        for (let i = 0; i < 30 && !(evidence && verbs.includes('completed')); i++) {
          const res = await fetch(
            url(`/xapi/statements?activity=${activity}&related_activities=true&limit=100`),
            {
              headers: { Authorization: basic, 'X-Experience-API-Version': '1.0.3' },
            },
          );
          const body = (await res.json()) as {
            statements: Array<{ verb: { id: string }; result?: { response?: string } }>;
          };
          verbs = body.statements.map((s) => s.verb.id.split('/').pop() ?? '');
          evidence =
            body.statements.some((s) => s.result?.response === 'Plants need light and water.') &&
            body.statements.some((s) => s.result?.response === 'What do plants need?');
          if (!(evidence && verbs.includes('completed'))) await new Promise((r) => setTimeout(r, 500));
        }
        for (const v of ['launched', 'experienced', 'answered', 'completed'])
          expect(verbs.includes(v), `a ${v} statement (got ${verbs.join(', ')})`);
        expect(evidence, 'the typed transcript and the question to the bot are recorded as answers');
      },
      { browser: { viewport: 'phone' }, timeoutMs: 240_000 },
    ),
  ],
  { server: { startTimeoutMs: 180_000 } },
);
