import { silentMp3 } from '../fixtures/mp3';
import { startOpenAiServer } from '../fixtures/openai-server';
import { verifiedAccount } from './accounts';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken } from './offline.util';

/**
 * Streaming Text to Speech in Chromium against the local OpenAI-compatible server, which speaks four
 * seconds of real MP3 in eight pieces half a second apart: the learner hears it before the last piece
 * is made, and the block keeps the same audio, so it is still there after a reload.
 */
const AUDIO = silentMp3(4);
let lastPieceSent = -1;
const model = await startOpenAiServer({
  unref: true,
  speech: {
    chunks: 8,
    delayMs: 500,
    audio: () => AUDIO,
    onChunk: (i) => {
      lastPieceSent = i;
    },
  },
});

const node = (id: string, type: string, y: number, data: Record<string, unknown>) => ({
  id,
  type,
  position: { x: 0, y: y * 120 },
  data: { label: id, ...data },
});
const NODES = [
  node('s', 'beginNode', 0, {}),
  node('intro', 'displayNode', 1, { text: 'Listen to the next step.' }),
  node('say', 'textToSpeechStreamingNode', 2, { text: 'Plants need light, water and air to grow.' }),
];
const EDGES = [
  { id: 'e1', source: 's', sourceHandle: 'out', target: 'intro', targetHandle: 'in' },
  { id: 'e2', source: 'intro', sourceHandle: 'out', target: 'say', targetHandle: 'in' },
];

declare global {
  interface Window {
    playedAudio?: HTMLMediaElement[];
  }
}

export default defineE2E(
  [
    test(
      '[PLAYER] streamed speech plays while it arrives and is kept for a reload',
      async ({ page, url, server, screenshot }) => {
        const token = await apiToken(url);
        const flow = await api<{ data: { _id: string } }>(url, token, 'POST', 'flows', {
          name: 'Plants speak slowly',
          nodes: NODES,
          edges: EDGES,
        });
        expect(flow.status === 201 || flow.status === 200, `flow created: ${JSON.stringify(flow.json)}`);
        const made = await api<{ data: { _id: string; code: string } }>(url, token, 'POST', 'assignment', {
          name: 'Plants listening week',
          flowIds: [flow.json.data._id],
          unitUsageOption: 'PAY_BY_ME',
        });
        expectEqual(made.status, 201, 'assignment created');
        const { _id: assignmentId, code } = made.json.data;
        const email = `listen-${Date.now()}@school.test`;
        const password = 'learner-password-1';
        await verifiedAccount(server, url, email, password);

        // Every element the page plays, attached to the document or not.
        await page.addInitScript(() => {
          const play = HTMLMediaElement.prototype.play;
          HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
            window.playedAudio = [...(window.playedAudio ?? []), this];
            return play.call(this);
          };
        });
        await page.goto(url(`/viewer/assignments/join-assignment/${code}`));
        await page.getByLabel('E-mail').fill(email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(new RegExp(`/viewer/assignment/${assignmentId}$`));
        await page.getByRole('link', { name: /Plants speak slowly/ }).click();
        await page.getByText('Listen to the next step.').waitFor();
        await page.getByRole('button', { name: 'Next' }).click();

        await page.waitForFunction(() => (window.playedAudio ?? []).some((a) => a.currentTime > 0), null, {
          timeout: 20_000,
        });
        const heardAt = lastPieceSent;
        expect(heardAt >= 0 && heardAt < 7, `audio played after piece ${heardAt} of 0…7, before the last`);
        // While it arrives the learner is told so and can stop it.
        await page.getByTestId('speech-arriving').getByRole('button', { name: 'Stop' }).waitFor();

        // The stream ended: the block shows its audio, the very element still playing, with controls.
        const shown = page.locator('[data-node=textToSpeechStreamingNode] audio');
        await shown.waitFor({ timeout: 20_000 });
        expectEqual(lastPieceSent, 7, 'every piece was sent');
        const same = await shown.evaluate(
          (a: HTMLAudioElement) => (window.playedAudio ?? []).includes(a) && a.controls && a.currentTime > 0,
        );
        expect(same, 'the feed shows the element that is playing the stream');
        await screenshot('streamed-speech');

        // A reload plays the kept bytes: the same audio the provider sent, saved in the run.
        await page.reload();
        const saved = page.locator('[data-node=textToSpeechStreamingNode] audio');
        await saved.waitFor();
        expectEqual(
          await saved.getAttribute('src'),
          `data:audio/mpeg;base64,${AUDIO.toString('base64')}`,
          'the saved audio is every byte of the stream',
        );
        await model.close();
      },
      { browser: { viewport: 'phone' }, timeoutMs: 240_000 },
    ),
  ],
  { server: { startTimeoutMs: 180_000, env: { AI_BASE_URL: model.baseURL, AI_API_KEY: 'sk-e2e-test' } } },
);
