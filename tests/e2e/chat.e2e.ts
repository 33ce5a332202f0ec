import type { Page } from 'playwright-core';
import { startOpenAiServer } from '../fixtures/openai-server';
import { defineE2E, expect, expectEqual, test } from './harness';

/**
 * The chat against a real OpenAI-compatible streaming server: GPT-5 Mini answers at once (with
 * reasoning), o4-mini streams slowly so that it can be stopped half-way.
 */
const model = await startOpenAiServer({
  text: ['Lava is **molten rock**', ' from inside the Earth.'],
  slowModels: ['o4-mini'],
  slowDelayMs: 150,
  unref: true,
});
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const QUESTION = 'What is lava made of, and why does it glow so brightly at night?';

async function signIn(page: Page, url: (p: string) => string) {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
}

const answer = (page: Page, name: string) => page.getByRole('article', { name });
const sessionButton = (page: Page, title: string) =>
  page.locator('.chat-row__title').filter({ hasText: title });

export default defineE2E(
  [
    test('[CHAT] two models side by side: stream, stop one, rename, search, delete, reload, offline', async ({
      page,
      context,
      url,
      screenshot,
    }) => {
      await signIn(page, url);
      await page.goto(url('/editor/personal/chat'));
      await page.getByRole('heading', { name: 'Start a conversation' }).waitFor();
      await page.getByRole('combobox', { name: 'Add model' }).selectOption('o4-mini');
      await page.locator('.chat-pill').filter({ hasText: 'o4-mini' }).waitFor();
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(QUESTION);
      await box.press('Enter');

      const fast = answer(page, 'GPT-5 Mini');
      const slow = answer(page, 'o4-mini');
      await fast.getByText('molten rock').waitFor();
      await fast.locator('.chat-cost').waitFor();
      await page.waitForURL(/\/editor\/personal\/chat\/[0-9a-f]{24}$/);
      await slow.getByText(/word2/).waitFor();
      expectEqual(await slow.getAttribute('aria-busy'), 'true', 'the slow answer streams');
      await screenshot('two-models-streaming');
      await slow.getByRole('button', { name: 'Stop' }).click();
      await page.waitForFunction(
        () => document.querySelector('[aria-label="o4-mini"]')?.getAttribute('aria-busy') === 'false',
      );
      const stopped = await slow.innerText();
      await page.waitForTimeout(500);
      expectEqual(await slow.innerText(), stopped, 'a stopped answer does not grow');
      expect(!stopped.includes('word49'), 'the slow answer was cut short');
      expect((await fast.innerText()).includes('from inside the Earth.'), 'the other answer is complete');
      await fast.getByText('Reasoning').click();
      await fast.getByText('Thinking about it.').waitFor();

      // Two models: the title is the first 50 characters of the question.
      const title = QUESTION.slice(0, 50);
      await sessionButton(page, title).waitFor();
      await screenshot('answers');

      // Rename inline.
      await page.getByRole('button', { name: `Options for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Edit title' }).click();
      const edit = page.getByRole('textbox', { name: 'Edit title' });
      await edit.fill('Lava');
      await edit.press('Enter');
      await sessionButton(page, 'Lava').waitFor();

      // A second chat with one model, then search and delete it.
      await page.getByRole('button', { name: 'New Chat' }).click();
      await page.getByRole('button', { name: 'Remove o4-mini' }).click();
      await box.fill('Second chat about rivers');
      await box.press('Enter');
      await answer(page, 'GPT-5 Mini').locator('.chat-cost').waitFor();
      await page.locator('.chat-row').nth(1).waitFor();
      await page.getByRole('button', { name: 'Search chat' }).click();
      await page.getByRole('searchbox', { name: 'Search chat' }).fill('rivers');
      await page.waitForFunction(() => document.querySelectorAll('.chat-row').length === 1);
      const second = page.locator('.chat-row').filter({ hasText: 'Second chat about rivers' });
      await second.getByRole('button', { name: /^Options for/ }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      // Delete asks first, naming the chat.
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(/Second chat about rivers.*all its answers will be deleted/).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.chat-row').length === 0);
      await page.getByRole('searchbox', { name: 'Search chat' }).fill('');
      await page.waitForFunction(() => document.querySelectorAll('.chat-row').length === 1);

      // Reload: the chat and both answers come back from the server.
      await sessionButton(page, 'Lava').click();
      await page.reload();
      await answer(page, 'o4-mini').getByText(/word1/).waitFor();
      await answer(page, 'GPT-5 Mini').getByText('molten rock').waitFor();

      // Offline: the chat opens from local storage, read-only.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'New Chat' }).click();
      await sessionButton(page, 'Lava').click();
      await answer(page, 'GPT-5 Mini').getByText('molten rock').waitFor();
      await page.locator('.chat-offline').waitFor();
      expect(await box.isDisabled(), 'the composer is read-only offline');
      await screenshot('offline');
      await context.setOffline(false);
    }),
    test('[CHAT] attach an image: preview, send, and it shows again after a reload', async ({
      page,
      url,
      screenshot,
    }) => {
      await signIn(page, url);
      await page.goto(url('/editor/personal/chat'));
      await page.getByRole('heading', { name: 'Start a conversation' }).waitFor();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
      await page.locator('.chat-attachment img').waitFor();
      const send = page.getByRole('button', { name: 'Send' });
      await page.waitForFunction(() => !document.querySelector('.chat-attachment progress'));
      expect(await send.isEnabled(), 'an uploaded image alone can be sent');
      await page.getByRole('textbox', { name: 'Message' }).fill('What is in this picture?');
      await send.click();
      await page.locator('.chat-user__media img').waitFor();
      await answer(page, 'GPT-5 Mini').locator('.chat-cost').waitFor();
      await page.waitForURL(/\/chat\/[0-9a-f]{24}$/);
      await page.reload();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.chat-user__media img');
        return Boolean(img?.complete && img.naturalWidth === 1);
      });
      await screenshot('attachment');
    }),
    test(
      '[CHAT] phone: the sidebar is a drawer and two answers stack',
      async ({ page, url, screenshot }) => {
        await signIn(page, url);
        await page.goto(url('/editor/personal/chat'));
        await page.getByRole('combobox', { name: 'Add model' }).selectOption('gpt-4o');
        const box = page.getByRole('textbox', { name: 'Message' });
        await box.fill('Hello from a phone');
        await box.press('Enter');
        const a = answer(page, 'GPT-5 Mini');
        const b = answer(page, 'GPT-4o');
        await a.locator('.chat-cost').waitFor();
        await b.locator('.chat-cost').waitFor();
        const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
        expect(ra && rb && rb.y >= ra.y + ra.height - 1, 'the second answer is below the first');
        await screenshot('phone-answers');
        await page.locator('.chat-main__menu').click();
        await page.getByRole('button', { name: 'New Chat' }).waitFor();
        await page.waitForTimeout(300); // the drawer slides in
        const drawer = await page.locator('.chat-sidebar').boundingBox();
        expect(drawer && drawer.width > 300, 'the drawer is open at full width');
        await screenshot('phone-drawer');
      },
      { browser: { viewport: 'phone' } },
    ),
  ],
  { server: { env: { AI_BASE_URL: model.baseURL, AI_API_KEY: 'sk-e2e-test' } } },
);
