import XAPI, { type StatementsResponse } from '@xapi/xapi';
import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

async function signInAsDemo(page: Page, url: (p: string) => string): Promise<void> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', 'demo@flowlearn.local');
  await page.fill('#login-password', 'flowlearn-demo');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/editor\/personal\/explore$/);
}

/** Creates credentials on the screen and reads them from the one-time dialog. */
async function createCredentials(page: Page, name: string) {
  await page.fill('#lrs-name', name);
  await page.getByRole('button', { name: 'Create credentials' }).click();
  const dialog = page.getByRole('dialog', { name: `Credentials for ${name}` });
  await dialog.waitFor();
  const endpoint = await dialog.getByLabel('Endpoint', { exact: true }).inputValue();
  const key = await dialog.getByLabel('Key (user name)', { exact: true }).inputValue();
  const secret = await dialog.getByLabel('Secret (password)', { exact: true }).inputValue();
  return { dialog, endpoint, key, secret };
}

const statement = (verb: string, n: number) => ({
  actor: { objectType: 'Agent' as const, name: 'Ann', mbox: 'mailto:ann@school.test' },
  verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-GB': verb } },
  object: { objectType: 'Activity' as const, id: `https://flowlearn.test/lessons/${n}` },
});

export default defineE2E([
  test(
    '[LRS] credentials made on the LRS screen work with an off-the-shelf xAPI client (@xapi/xapi)',
    async (ctx) => {
      const { page, url, server } = ctx;
      await signInAsDemo(page, url);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Learning record store' }).click();
      await page.waitForURL(/\/personal\/lrs$/);
      await page.getByText(/No credentials yet/).waitFor();
      await ctx.screenshot('empty');

      const { dialog, endpoint, key, secret } = await createCredentials(page, 'xapi-js test');
      expectEqual(endpoint, `${server.origin}/xapi/`, 'the endpoint shown');
      expect(/^[0-9a-f]{24}$/.test(key) && secret.length >= 32, 'a key and a secret');
      await ctx.screenshot('secret');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('lrs-credential').filter({ hasText: 'xapi-js test' }).waitFor();

      for (const version of ['2.0.0', '1.0.3'] as const) {
        // Its types know 1.0.x only; it sends whatever version it is given in the header.
        const xapi = new XAPI({ endpoint, auth: XAPI.toBasicAuth(key, secret), version: version as '1.0.3' });
        const about = await xapi.getAbout();
        expect(about.data.version.includes(version), `about lists ${version}`);
        const [first] = (await xapi.sendStatement({ statement: statement('completed', 1) })).data;
        const batch = (
          await xapi.sendStatements({ statements: [statement('attempted', 2), statement('attempted', 3)] })
        ).data;
        expectEqual(batch.length, 2, `${version}: ids of a batch`);
        const got = await xapi.getStatement({ statementId: first });
        expectEqual(
          got.data.verb.id,
          'http://adlnet.gov/expapi/verbs/completed',
          `${version}: statement by id`,
        );
        const attempted = await xapi.getStatements({
          verb: 'http://adlnet.gov/expapi/verbs/attempted',
          limit: 1,
        });
        expectEqual(attempted.data.statements.length, 1, `${version}: a page of one`);
        expect(attempted.data.more, `${version}: a more link`);
        const more = await xapi.getMoreStatements({ more: attempted.data.more as string });
        expectEqual((more.data as StatementsResponse).statements.length, 1, `${version}: the next page`);
        await xapi.voidStatement({ actor: statement('x', 0).actor, statementId: first });
        const voided = await xapi.getVoidedStatement({ voidedStatementId: first });
        expectEqual(voided.data.id, first, `${version}: the voided statement`);
        let gone = 0;
        await xapi.getStatement({ statementId: first }).catch((e: { response?: { status: number } }) => {
          gone = e.response?.status ?? -1;
        });
        expectEqual(gone, 404, `${version}: a voided statement is not found by statementId`);
        const agent = statement('x', 0).actor;
        await xapi.setState({
          agent,
          activityId: 'https://flowlearn.test/lessons/1',
          stateId: `resume-${version}`,
          state: { page: 4 },
        });
        const state = await xapi.getState({
          agent,
          activityId: 'https://flowlearn.test/lessons/1',
          stateId: `resume-${version}`,
        });
        expectEqual(JSON.stringify(state.data), '{"page":4}', `${version}: state round trip`);
      }

      // Revoked on the screen, the key stops working at once.
      await page.getByRole('button', { name: 'Revoke xapi-js test' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('xapi-js test revoked').waitFor();
      const xapi = new XAPI({ endpoint, auth: XAPI.toBasicAuth(key, secret), version: '1.0.3' });
      let status = 0;
      await xapi.getStatements({}).catch((e: { response?: { status: number } }) => {
        status = e.response?.status ?? -1;
      });
      expectEqual(status, 401, 'a revoked key');
    },
    { browser: { viewport: 'tablet' } },
  ),

  test(
    '[LRS] the LRS screen on a phone',
    async (ctx) => {
      const { page, url } = ctx;
      await signInAsDemo(page, url);
      await page.goto(url('/editor/personal/lrs'));
      const { dialog } = await createCredentials(page, 'Phone key');
      await ctx.screenshot('phone-secret');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('lrs-credential').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `no sideways scrolling on a phone (${overflow}px)`);
      await ctx.screenshot('phone-list');
    },
    { browser: { viewport: 'phone' } },
  ),
]);
