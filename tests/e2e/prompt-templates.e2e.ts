import { defineE2E, expect, expectEqual, test } from './harness';

/**
 * A teacher makes a prompt template on its screen with the keyboard, then uses it
 * in chat: picks it, fills its field, sees the prompt and puts it in the message box.
 */
export default defineE2E([
  test('[TEMPLATES] make a template, then fill it in chat', async ({ page, url, screenshot }) => {
    await page.goto(url('/editor/login'));
    await page.fill('#login-email', 'demo@flowlearn.local');
    await page.fill('#login-password', 'flowlearn-demo');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });

    await page.goto(url('/editor/personal/prompt-templates'));
    await page.getByText('No prompt templates in this space yet.').waitFor();
    await page.getByRole('button', { name: '+ New template' }).click();
    // Saving empty names the missing name and puts the focus there.
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('This is required.').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.id === 'tpl-name'), 'focus on the name');
    await page.keyboard.type('Topic explainer');
    await page.fill('#tpl-userPrompt', 'Explain {{topic}} in two sentences.');
    await page.getByRole('button', { name: '+ Add field' }).click();
    await page.getByLabel('Label', { exact: true }).fill('Topic');
    await page.getByLabel('Name in the prompt').fill('topic');
    await page.getByLabel('Required').check();
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('heading', { name: 'Topic explainer' }).waitFor();
    await screenshot('template-list');

    await page.goto(url('/editor/personal/chat'));
    await page.getByRole('button', { name: 'Template', exact: true }).click();
    await page.getByRole('button', { name: /Topic explainer/ }).click();
    await page.getByRole('button', { name: 'Put in message' }).click();
    await page.getByText('Please fill this in.').waitFor();
    await page.getByRole('textbox', { name: /Topic/ }).fill('volcanoes');
    expectEqual(
      await page.getByTestId('tpl-preview-user').textContent(),
      'Explain volcanoes in two sentences.',
      'the preview',
    );
    await page.getByRole('button', { name: 'Put in message' }).click();
    expectEqual(
      await page.getByRole('textbox', { name: 'Message' }).inputValue(),
      'Explain volcanoes in two sentences.',
      'the message box',
    );
  }),
]);
