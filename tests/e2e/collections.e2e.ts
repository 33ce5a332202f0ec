import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

async function signInAsDemo(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
}

const rowNames = (page: Page) => page.locator('[data-testid="flow-row"] .flow-row__title').allTextContents();

async function rowAction(page: Page, flow: string, action: string): Promise<void> {
  await page
    .getByRole('button', { name: `Actions for ${flow}`, exact: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.toast').filter({ hasText: text }).waitFor({ timeout: 15_000 });
}

async function waitForRows(page: Page, expected: string[], what: string): Promise<void> {
  await page
    .waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="flow-row"] .flow-row__title')].map(
            (e) => e.textContent,
          ),
        ) === JSON.stringify(want),
      expected,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  expectEqual(JSON.stringify(await rowNames(page)), JSON.stringify(expected), what);
}

export default defineE2E([
  test(
    '[COLLECTIONS] a teacher creates a collection, works on its flows, shares it and cleans up',
    async ({ page, url, screenshot }) => {
      const stamp = Date.now();
      const name = `Year 7 Science ${stamp}`;
      await signInAsDemo(page, url);

      // Create a collection from the grid: the new collection opens.
      await page.goto(url('/editor/personal/collections'));
      await page
        .getByRole('button', { name: /New collection/ })
        .first()
        .click();
      await page.fill('#collection-name', name);
      await page.fill('#collection-description', 'Flows for the water unit');
      await page.getByRole('button', { name: 'Create collection' }).click();
      await toast(page, 'Collection created successfully.');
      await page.waitForURL(/\/editor\/personal\/collections\/projects\/[0-9a-f]{24}$/);
      const collectionUrl = page.url();
      await page.getByRole('heading', { name, level: 1 }).waitFor();

      // New flow: 'Untitled' is created and the editor route opens; come back to the list.
      await page.getByRole('button', { name: /New flow/ }).click();
      await page.waitForURL(/\/editor\/personal\/projects\/[0-9a-f]{24}\/flows\/[0-9a-f]{24}$/);
      await page.goto(collectionUrl);
      await waitForRows(page, ['Untitled'], 'rows after creating a flow');

      // Rename inline: Enter saves.
      await rowAction(page, 'Untitled', 'Rename');
      const input = page.getByRole('textbox', { name: 'New name for Untitled' });
      await input.fill('Water cycle');
      await input.press('Enter');
      await waitForRows(page, ['Water cycle'], 'rows after renaming');

      // Duplicate: the copy goes first.
      await rowAction(page, 'Water cycle', 'Duplicate');
      await toast(page, 'File duplicated successfully.');
      await waitForRows(page, ['Water cycle (copy)', 'Water cycle'], 'rows after duplicating');

      // Move the copy to No collection: it leaves this list and shows in the library's No collection.
      await rowAction(page, 'Water cycle (copy)', 'Move to…');
      await page.getByRole('dialog').getByText('No collection', { exact: true }).click();
      await page.getByRole('button', { name: 'Move here' }).click();
      await toast(page, 'File moved to No collection successfully.');
      await waitForRows(page, ['Water cycle'], 'rows after moving the copy away');

      // Copy the flow into the demo collection.
      await rowAction(page, 'Water cycle', 'Copy to…');
      await page.getByRole('dialog').getByText('Demo Collection', { exact: true }).click();
      await page.getByRole('button', { name: 'Copy here' }).click();
      await toast(page, 'File copied to Demo Collection successfully.');

      // Export: a .flow download named {name}-{yyyy}-{mm}-{dd}-{HHmmss}.flow.
      const downloading = page.waitForEvent('download', { timeout: 20_000 });
      await rowAction(page, 'Water cycle', 'Export');
      const download = await downloading;
      const fileName = download.suggestedFilename();
      expect(/^Water-cycle-\d{4}-\d{2}-\d{2}-\d{6}\.flow$/.test(fileName), `export file name "${fileName}"`);
      const saved = join(mkdtempSync(join(tmpdir(), 'flowlearn-e2e-export-')), fileName);
      await download.saveAs(saved);

      // Import the file back into the same collection: it joins the list first, named as a copy.
      await page.getByTestId('import-flow-input').setInputFiles(saved);
      await toast(page, /“Water cycle \(copy\)” imported/);
      await waitForRows(page, ['Water cycle (copy)', 'Water cycle'], 'rows after importing the export');
      await screenshot('collection');

      // The library shows the moved copy under No collection.
      await page.goto(url('/editor/personal/library/no-project'));
      await page.locator('[data-testid="flow-row"]', { hasText: 'Water cycle (copy)' }).first().waitFor();

      // Invite a collaborator by e-mail and see them in the settings, also after a reload.
      const colleague = `colleague-${stamp}@school.test`;
      await page.goto(`${collectionUrl}/setting`);
      await page.fill('#invite-email', colleague);
      await page.selectOption('#invite-role', 'collaborator');
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      await toast(page, `Invitation sent to ${colleague}.`);
      await page.reload();
      const collaborators = page.getByRole('region', { name: 'Collaborators' });
      await collaborators.getByText(colleague).first().waitFor({ timeout: 15_000 });
      expectEqual(
        (await collaborators.getByTestId('member-role').first().textContent())?.trim(),
        'Collaborator',
        'role shown for the invited colleague',
      );
      await screenshot('settings');

      // Delete a flow (after confirming), then the whole collection.
      await page.goto(collectionUrl);
      await waitForRows(page, ['Water cycle (copy)', 'Water cycle'], 'rows before deleting');
      await rowAction(page, 'Water cycle (copy)', 'Delete');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'File deleted successfully.');
      await waitForRows(page, ['Water cycle'], 'rows after deleting one flow');

      await page.getByRole('button', { name: 'More actions for this collection' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Collection deleted successfully.');
      await page.waitForURL(/\/editor\/personal\/collections$/);
      const cards = await page.getByTestId('collection-card').allTextContents();
      expect(!cards.some((c) => c.includes(name)), 'the deleted collection is still listed');
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 120_000 },
  ),
]);
