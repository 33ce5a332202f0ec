import type { Page } from 'playwright-core';
import { formatCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { startOpenAiServer } from '../fixtures/openai-server';
import { defineE2E, type E2EServer, expect, expectEqual, test } from './harness';

/**
 * A model priced in the catalogue (GPT-4o, 5 credits per 1,000 tokens) behind AI_BASE_URL, reporting
 * 4,000 tokens per answer: each tool name costs 20 credits. Started when the file loads (unref'd),
 * because the file's server needs its address at start.
 */
const USAGE = { prompt_tokens: 200, completion_tokens: 3800 };
const ANSWER = JSON.stringify({ name: 'Volcano Voyage', description: 'Tour a volcano.' });
const model = await startOpenAiServer({ text: [ANSWER], usage: USAGE, unref: true });
const COST = priceCall('gpt-4o', { inputTokens: USAGE.prompt_tokens, outputTokens: USAGE.completion_tokens });
const PASSWORD = 'correct horse battery';

async function signIn(page: Page, url: (p: string) => string, email: string, password: string) {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/, { timeout: 20_000 });
}

async function api(server: E2EServer, path: string, body: unknown, token?: string) {
  const res = await fetch(server.url(`/api/${path}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown> & { data?: { _id: string } };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A verified account with one flow in one collection (what the create-tool wizard needs). */
async function newTeacher(server: E2EServer, email: string): Promise<void> {
  const since = Date.now();
  await api(server, 'auth/signup', { email, password: PASSWORD });
  const code = await server.waitForMailCode(email, 15_000, since);
  await api(server, 'auth/verify', { email, code, password: PASSWORD });
  const { accessToken } = (await api(server, 'auth/login', { email, password: PASSWORD })) as {
    accessToken: string;
  };
  const project = await api(server, 'projects', { name: 'Geography' }, accessToken);
  await api(
    server,
    'flows',
    { name: 'Volcano tour', projectId: project.data?._id, nodes: [], edges: [] },
    accessToken,
  );
}

const balanceButton = (page: Page) => page.getByTestId('quick-balance');

export default defineE2E(
  [
    test(
      '[CREDITS] an operator grants credits; the spend that empties the wallet shows Out of Credits',
      async ({ page, server, url, launch, screenshot }) => {
        const email = `teacher-${Date.now()}@school.test`;
        await newTeacher(server, email);

        // The demo account is the embedded operator (ADMIN_EMAILS): it grants 30 credits from the admin screen.
        await signIn(page, url, 'demo@flowlearn.local', 'flowlearn-demo');
        await balanceButton(page).waitFor();
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="quick-balance"]')?.textContent?.includes('1,000'),
        );
        await balanceButton(page).click();
        await page.getByRole('link', { name: 'Grant credits' }).click();
        await page.waitForURL(/\/personal\/credits\/admin$/);
        await page.getByLabel('Their e-mail address').fill(email);
        await page.getByLabel('Credits', { exact: true }).fill('30');
        await page.getByLabel('Note (optional)').fill('Pilot');
        await page.getByRole('button', { name: 'Grant', exact: true }).click();
        await page
          .locator('.toast')
          .filter({ hasText: `30 credits granted to ${email}` })
          .waitFor();
        await page.locator('.ledger-row').filter({ hasText: email }).waitFor();
        await screenshot('grant-screen');

        // The teacher sees 30 credits, names a tool with the model (20 credits), then cannot afford another.
        const teacher = await launch({ viewport: 'tablet' });
        const p = teacher.page;
        await signIn(p, url, email, PASSWORD);
        await p.waitForFunction(() =>
          document.querySelector('[data-testid="quick-balance"]')?.textContent?.includes('30'),
        );
        await p.goto(url('/editor/personal/create-tool'));
        await p.locator('.flow-picker__item input[type=checkbox]').first().check();
        await p.getByRole('button', { name: 'Next' }).click();
        const generate = p.getByRole('button', { name: /Generate name and description/ });
        await generate.click();
        await p.waitForFunction(
          () => (document.querySelector('#tool-name') as HTMLInputElement | null)?.value === 'Volcano Voyage',
        );
        const left = formatCredits(30n * 10n ** 12n - COST);
        expectEqual(left, '10', 'credits left after one call');
        const calls = model.requests.length;
        await p.goto(url('/editor/personal/create-tool'));
        await p.locator('.flow-picker__item input[type=checkbox]').first().check();
        await p.getByRole('button', { name: 'Next' }).click();
        await p.getByRole('button', { name: /Generate name and description/ }).click();
        const popup = p.getByRole('alertdialog', { name: 'Out of Credits' });
        await popup.waitFor();
        expect(
          (await popup.innerText()).includes(
            "You've reached your credit limit and cannot process until your credits are replenished.",
          ),
          'the personal Out of Credits text',
        );
        expectEqual(model.requests.length, calls, 'requests to the model after the refusal');
        await screenshot('out-of-credits', p);
        await popup.getByRole('button', { name: 'Close' }).click();

        // The credits page: the navbar shows what is left, the ledger the spend and the grant.
        await p.goto(url('/editor/personal/credits'));
        const ledger = p.getByTestId('ledger');
        await ledger.getByText('AI usage').waitFor();
        // The navbar may show the last known figure first (the wizard has no navbar), then the fresh one.
        await p
          .waitForFunction(
            (want) =>
              document.querySelector('[data-testid="quick-balance"]')?.getAttribute('aria-label') === want,
            `Credit balance: ${left} credits`,
            { timeout: 10_000 },
          )
          .catch(() => undefined);
        expectEqual(
          await balanceButton(p).getAttribute('aria-label'),
          `Credit balance: ${left} credits`,
          'the navbar balance after the spend',
        );
        expectEqual(await p.getByTestId('credits-personal').innerText(), left, 'the personal wallet card');
        const lines = await ledger.innerText();
        expect(
          lines.includes('-20') && lines.includes('+30') && lines.includes('Pilot'),
          `the ledger: ${lines}`,
        );
        await screenshot('credits-page-tablet', p);
      },
      { timeoutMs: 180_000 },
    ),

    test(
      '[CREDITS] the navbar balance on a phone, the organisation wallet and its popover',
      async ({ page, url, screenshot }) => {
        await signIn(page, url, 'demo@flowlearn.local', 'flowlearn-demo');
        await page.getByRole('button', { name: 'Switch space' }).click();
        await page.getByRole('menuitemradio', { name: /Demo School/ }).click();
        await page.waitForFunction(
          () =>
            document
              .querySelector('[data-testid="quick-balance"]')
              ?.getAttribute('aria-label')
              ?.toLowerCase() === '10k credits, credit balance: 10,000 credits',
        );
        await balanceButton(page).click();
        const panel = page.getByRole('dialog', { name: 'Credit balance' });
        await panel.getByText('Credits added').first().waitFor();
        expect((await panel.innerText()).includes('Used this month: 0 (no monthly limit)'), 'monthly use');
        await screenshot('popover-phone');
      },
      { browser: { viewport: 'phone' } },
    ),
  ],
  { server: { env: { AI_BASE_URL: model.baseURL, AI_API_KEY: 'sk-e2e-test', AI_MODEL: 'gpt-4o' } } },
);
