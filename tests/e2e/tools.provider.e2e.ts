import { startOpenAiServer } from '../fixtures/openai-server';
import { defineE2E, expect, expectEqual, test } from './harness';

const NAME = 'Volcano Voyage Studio';
const DESCRIPTION = 'Learners tour a volcano by voice and then check what they remember.';
const ANSWER = JSON.stringify({ name: NAME, description: DESCRIPTION });
const OFFLINE_LABEL = 'Offline demo — no AI model';

/**
 * The file's server must know the model's address when it starts, and the runner starts it from the
 * suite options: so the local OpenAI-compatible server starts when this file is loaded (unref'd: it
 * never keeps the runner alive). The answer arrives in small pieces, as a real model streams it.
 */
const model = await startOpenAiServer({ text: ANSWER.match(/.{1,12}/g) ?? [], unref: true });

export default defineE2E(
  [
    test('[TOOLS] a model set by AI_BASE_URL names the tool from its flows; no offline label anywhere', async ({
      page,
      url,
    }) => {
      await page.goto(url('/editor/login'));
      await page.fill('#login-email', 'demo@flowlearn.local');
      await page.fill('#login-password', 'flowlearn-demo');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(/\/editor\/personal\/explore$/);
      await page.getByTestId('tool-card').first().waitFor();
      expectEqual(await page.getByText(OFFLINE_LABEL).count(), 0, 'offline labels in the explorer');

      await page.getByRole('link', { name: 'Create tool' }).click();
      await page.waitForURL(/\/create-tool/);
      const items = page.locator('.flow-picker__item');
      await items.first().waitFor();
      const picked = [
        await items.nth(0).locator('.flow-picker__name').innerText(),
        await items.nth(1).locator('.flow-picker__name').innerText(),
      ];
      await items.nth(0).locator('input[type=checkbox]').check();
      await items.nth(1).locator('input[type=checkbox]').check();
      await page.getByText('2 flows selected').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      const before = model.requests.length;
      await page.getByRole('button', { name: /Generate name and description/ }).click();

      // The model's streamed text, reassembled by the server, lands in the fields.
      await page.waitForFunction(
        (name) => (document.querySelector('#tool-name') as HTMLInputElement | null)?.value === name,
        NAME,
      );
      expectEqual(await page.locator('#tool-description').inputValue(), DESCRIPTION, 'description');
      expectEqual(await page.getByText(OFFLINE_LABEL).count(), 0, 'offline labels in the wizard');

      // One request, to the configured model with the configured key, about the chosen flows.
      expectEqual(model.requests.length, before + 1, 'requests to the model');
      const sent = model.requests.at(-1)!;
      expectEqual(sent.path, '/v1/chat/completions', 'path');
      expectEqual(sent.auth, 'Bearer sk-e2e-test', 'API key');
      expectEqual(sent.body.model, 'e2e-model', 'model');
      expectEqual(sent.body.stream, true, 'streamed');
      const prompt = JSON.stringify(sent.body.messages);
      for (const name of picked) expect(prompt.includes(name), `the prompt names the flow "${name}"`);

      const unique = `${NAME} ${Date.now()}`;
      await page.fill('#tool-name', unique);
      await page.getByRole('button', { name: 'Create tool' }).click();
      await page.getByText('Tool created successfully').waitFor();
      await page.waitForURL(/\/personal\/explore$/);
      await page.getByRole('searchbox', { name: 'Search tools' }).fill(unique.split(' ').pop() ?? '');
      const card = page.getByTestId('tool-card').filter({ hasText: unique });
      await card.waitFor({ timeout: 10_000 });
      expect((await card.innerText()).includes(DESCRIPTION), 'the card shows the generated description');
      expectEqual(await page.getByText(OFFLINE_LABEL).count(), 0, 'offline labels in the explorer');
    }),
  ],
  {
    server: {
      env: { AI_BASE_URL: model.baseURL, AI_API_KEY: 'sk-e2e-test', AI_MODEL: 'e2e-model' },
    },
  },
);
