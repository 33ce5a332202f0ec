import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { defineE2E, type E2EServer, expect, expectEqual, test } from './harness';
import { api, apiToken, eventually, signInAsDemo, waitForWorker } from './offline.util';

type Url = (path: string) => string;

/** Draws the dialog's QR image on a canvas in the page and decodes its pixels with jsQR here. */
async function decodeQr(page: Page): Promise<string | null> {
  const pixels = await page.getByTestId('qr-image').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  if (!pixels) return null;
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

/** A second person with an account, signed in through the API (code from the dev mail outbox). */
async function newLearner(server: E2EServer, url: Url, email: string): Promise<string> {
  const password = 'learner-password-1';
  const post = (path: string, body: unknown) =>
    fetch(url(`/api/auth/${path}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const since = Date.now();
  expectEqual((await post('signup', { email, password })).status, 201, 'sign-up');
  const code = await server.waitForMailCode(email, 15_000, since);
  expectEqual((await post('verify', { email, code, password })).status, 200, 'verification');
  const login = (await (await post('login', { email, password })).json()) as { accessToken: string };
  return login.accessToken;
}

async function createThroughWizard(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name: 'Create New Assignment' }).click();
  await page.waitForURL(/\/personal\/create-assignment$/);
  const boxes = page.locator('.flow-picker__item input[type=checkbox]');
  await boxes.first().waitFor();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByText('2 flows selected').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: /Generate name and description/ }).click();
  await page.getByText('Offline demo — no AI model').waitFor();
  expect((await page.locator('#assignment-name').inputValue()).length > 0, 'a generated name');
  await page.fill('#assignment-name', name);
  expectEqual(await page.locator('#assignment-type').inputValue(), 'Multi', 'type for two flows');
  await page.getByRole('button', { name: 'Create Assignment' }).click();
  await page.getByText('Assignment created successfully.').waitFor();
  await page.waitForURL(/\/personal\/assignment\/[0-9a-f]{24}$/);
  return page.url().split('/').pop() ?? '';
}

export default defineE2E([
  test(
    '[ASSIGNMENTS] a teacher creates an assignment, changes its code, shows the QR code, sees a phone join, pauses, locks and deletes it',
    async ({ page, url, server, launch, screenshot }) => {
      await signInAsDemo(page, url);
      await page.goto(url('/editor/personal/assignment'));
      await page.getByTestId('assignments-empty').waitFor();
      const name = `Fractions ${Date.now()}`;
      const id = await createThroughWizard(page, name);
      await page.getByRole('heading', { name }).waitFor();
      expectEqual(
        await page.getByTestId('status-badge').first().textContent(),
        'Live',
        'a new assignment runs',
      );
      expect(
        (await page.getByTestId('payment-line').textContent())?.includes('PAY_BY_demo@flowlearn.local'),
        'payment line',
      );
      expectEqual(await page.getByTestId('end-date').textContent(), 'No end date', 'no end date');

      // A new join code: punctuation is stripped at once, then the server says it is free.
      const code = `Class${Date.now().toString(36).slice(-5)}`;
      await page.getByRole('button', { name: /Edit code/ }).click();
      const field = page.getByRole('textbox', { name: 'Join code' });
      await field.fill(`${code.slice(0, 4)}-${code.slice(4)}`);
      await page.getByText('Only alphanumeric characters are allowed.').waitFor();
      expectEqual(await field.inputValue(), code, 'the stripped code');
      await page.getByText('This Join Code is available!').waitFor();
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByText('Join code updated successfully').waitFor();
      expectEqual(await page.getByTestId('join-code').textContent(), code, 'the code shown');

      // The QR code decodes back to the join link.
      await page.getByRole('button', { name: 'Show QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite Participants QR' });
      await dialog.getByTestId('qr-image').waitFor();
      expectEqual(
        await decodeQr(page),
        `${server.origin}/viewer/assignments/join-assignment/${code}`,
        'QR content',
      );
      await screenshot('qr-dialog');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // A learner joins by code from a phone (through the API until the player's join page exists).
      const phone = await launch({ viewport: 'phone' });
      const learnerToken = await newLearner(server, url, `learner${Date.now()}@school.test`);
      await phone.page.goto(url('/editor/login'));
      const joined = await phone.page.evaluate(
        async ({ token, code }) => {
          const res = await fetch('/api/assignment/join', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ code: code.toLowerCase() }),
          });
          return { status: res.status, body: await res.json() };
        },
        { token: learnerToken, code },
      );
      expectEqual(joined.status, 200, `join: ${JSON.stringify(joined.body)}`);
      await page.getByRole('button', { name: /Refresh/ }).click();
      await page.getByTestId('participant-row').filter({ hasText: 'learner' }).waitFor();
      await screenshot('participants');

      await page.getByRole('button', { name: /Pause/ }).click();
      await page.getByText('Assignment is paused.').waitFor();
      expectEqual(await page.getByTestId('status-badge').first().textContent(), 'Paused', 'paused badge');
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Lock Assignment' }).click();
      await page.getByText('Assignment is locked.').waitFor();
      expect(
        (await page.getByTestId('status-badge').first().textContent())?.includes('Locked'),
        'Locked badge',
      );

      // Edit: the wizard opens with its flows and fields, and leaving returns to the list.
      await page.getByRole('link', { name: /Edit/ }).click();
      await page.waitForURL(/\/personal\/edit-assignment\/[0-9a-f]{24}$/);
      await page.getByText('2 flows selected').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      expectEqual(await page.locator('#assignment-name').inputValue(), name, 'the name to edit');
      const renamed = `${name} (edited)`;
      await page.fill('#assignment-name', renamed);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Assignment has been successfully edited').waitFor();
      await page.waitForURL(/\/personal\/assignment$/);
      const row = page.getByTestId('assignment-row').filter({ hasText: renamed });
      await row.waitFor();
      await row.getByRole('button', { name: `Delete ${renamed}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm
        .getByText("Are you sure you want to delete this assignment? You won't be able to undo this action.")
        .waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Assignment deleted successfully.').waitFor();
      await page.getByTestId('assignments-empty').waitFor();
      const token = await apiToken(url);
      expectEqual((await api(url, token, 'GET', `assignment/${id}`)).status, 404, 'deleted on the server');
    },
    // A teacher's tablet (1024 × 768); the learner below is on a phone.
    { timeoutMs: 120_000, browser: { viewport: 'tablet' } },
  ),

  test(
    '[ASSIGNMENTS] an edit made offline is kept on the device and reaches the server after reconnecting',
    async ({ page, context, url }) => {
      await signInAsDemo(page, url);
      await waitForWorker(page);
      const token = await apiToken(url);
      const flows = await api<{ data: Array<{ _id: string }> }>(url, token, 'GET', 'flows/user?limit=1000');
      const created = await api<{ data: { _id: string } }>(url, token, 'POST', 'assignment', {
        name: 'Offline week',
        flowIds: [flows.json.data[0]._id],
        unitUsageOption: 'PAY_BY_ME',
      });
      const id = created.json.data._id;
      // Seen once online: the list and the detail.
      await page.goto(url('/editor/personal/assignment'));
      await page.getByTestId('assignment-row').filter({ hasText: 'Offline week' }).waitFor();
      await page.getByTestId('assignment-row').filter({ hasText: 'Offline week' }).click();
      await page.getByRole('heading', { name: 'Offline week' }).waitFor();

      await context.setOffline(true);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Lock Assignment' }).click();
      await page.getByText('Saved on this device. It is sent when you are back online.').waitFor();
      expect(
        (await page.getByTestId('status-badge').first().textContent())?.includes('Locked'),
        'shown locked',
      );
      await page.getByTestId('offline-banner').waitFor();
      const before = await api<{ data: { isLocked: boolean } }>(url, token, 'GET', `assignment/${id}`);
      expectEqual(before.json.data.isLocked, false, 'not on the server while offline');
      // The list opens offline from the saved copy, marked as such.
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Assignments' })
        .click();
      await page.getByTestId('assignment-row').filter({ hasText: 'Offline week' }).waitFor();
      await page.getByText('Showing saved copy — may be out of date').waitFor();
      // A reload while offline starts from the service worker's shell and saved answers.
      await page.reload();
      await page
        .getByTestId('assignment-row')
        .filter({ hasText: 'Offline week' })
        .waitFor({ timeout: 20_000 });

      await context.setOffline(false);
      await eventually('the queued edit reaches the server', async () => {
        const res = await api<{ data: { isLocked: boolean } }>(url, token, 'GET', `assignment/${id}`);
        return res.json.data.isLocked ? true : undefined;
      });
    },
    { timeoutMs: 90_000 },
  ),
]);
