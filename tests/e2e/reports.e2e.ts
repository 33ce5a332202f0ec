import { readFileSync } from 'node:fs';
import XAPI from '@xapi/xapi';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../src/shared/domain/csv';
import { defineE2E, expect, expectEqual, test } from './harness';
import { api, apiToken, signInAsDemo } from './offline.util';
import { statement } from './reports.util';

/** Clicks the button that downloads a file and answers its text. */
async function download(page: Page, click: () => Promise<void>, fileName: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  expectEqual(file.suggestedFilename(), fileName, 'file name');
  const path = await file.path();
  const bytes = readFileSync(path);
  expect(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, `${fileName} starts with a UTF-8 BOM`);
  return bytes.toString('utf8');
}

export default defineE2E([
  test(
    '[REPORTS] statements from an xAPI client fill every report tab; Live sees a new one; each CSV parses back',
    async ({ page, url, server, screenshot }) => {
      const token = await apiToken(url);
      const flows = await api<{ data: Array<{ _id: string; name: string }> }>(
        url,
        token,
        'GET',
        'flows/user?limit=1000',
      );
      expect(flows.json.data.length > 0, 'the demo account has flows');
      const flowId = flows.json.data[0]._id;
      const created = await api<{ data: { _id: string } }>(url, token, 'POST', 'assignment', {
        name: `Reports ${Date.now()}`,
        flowIds: [flowId],
        unitUsageOption: 'PAY_BY_ME',
      });
      expectEqual(created.status, 201, 'assignment created');
      const assignmentId = created.json.data._id;
      const creds = await api<{ key: string; secret: string }>(url, token, 'POST', 'lrs/credentials', {
        name: 'reports e2e',
      });
      const xapi = new XAPI({
        endpoint: `${server.origin}/xapi/`,
        auth: XAPI.toBasicAuth(creds.json.key, creds.json.secret),
        version: '1.0.3',
      });
      const base = { assignmentId, flowId };
      await xapi.sendStatements({
        statements: [
          statement({
            ...base,
            name: 'สมชาย ใจดี',
            email: 'somchai@school.test',
            verb: 'answered',
            object: 'Question 1',
            score: 4,
            evidence: 'He said "roots"',
          }),
          statement({
            ...base,
            name: '王小明',
            email: 'wang@school.test',
            verb: 'answered',
            object: 'Question 1',
            score: 2,
          }),
          statement({
            ...base,
            name: '王小明',
            email: 'wang@school.test',
            verb: 'completed',
            object: 'Question 1',
          }),
        ],
      });

      await signInAsDemo(page, url);
      await page.goto(url(`/editor/personal/assignment/${assignmentId}`));
      const tab = (name: string) => page.getByRole('tab', { name, exact: true });

      // Submission Report: done/total per column, a score, the evidence popover, and its own
      // export, submission_report.csv (it used to save the mastery export).
      await tab('Submission Report').click();
      const table = page.getByTestId('xapi-table');
      await table.waitFor();
      await table.getByText('2/2 done').waitFor();
      await table.getByText('4 / 6').waitFor();
      await table.getByRole('button', { name: /roots/ }).click();
      await page.getByTestId('evidence-popover').getByText('Latest record').waitFor();
      await screenshot('submission-popover');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      const submission = parseCsv(
        await download(
          page,
          () => page.getByTestId('submission-report').getByRole('button', { name: 'Export CSV' }).click(),
          'submission_report.csv',
        ),
      );
      expectEqual(submission[0][1], 'Question 1 - answered', 'submission_report.csv header');
      const somchai = submission.find((r) => r[0] === 'สมชาย ใจดี');
      expectEqual(somchai?.[1], '4 / 6 · He said "roots"', 'Thai row with doubled quotes read back');

      // Overview: the flow with its count, expanded records.
      await tab('Overview').click();
      await page.getByTestId('activity-total').filter({ hasText: '3' }).waitFor();
      await page.getByRole('button', { name: new RegExp(flows.json.data[0].name) }).click();
      await page.getByText('王小明').first().waitFor();

      // Reports: the mastery table with TRUE/FALSE.
      await tab('Reports').click();
      await page.getByTestId('mastery-table').getByText('TRUE').first().waitFor();
      const mastery = parseCsv(
        await download(
          page,
          () => page.getByTestId('mastery-report').getByRole('button', { name: 'Export CSV' }).click(),
          'report_info.csv',
        ),
      );
      expectEqual(mastery[0][1], 'Question 1 - answered - Record', 'report_info.csv header');
      expectEqual(
        mastery
          .find((r) => r[0] === 'สมชาย ใจดี')
          ?.slice(1, 5)
          .join('|'),
        'TRUE|4|6|He said "roots"',
        'the mastery export: four columns per object and verb',
      );

      // Journal: no journals written yet.
      await tab('Journal').click();
      await page.getByText('Currently, there are no available Journal Reports.').waitFor();
      await page.getByText('Currently, there are no Collaborative Journal Reports.').waitFor();

      // Dashboard: fetch, KPIs, Live sees a new statement within 6 s, lrs_statements.csv.
      await tab('Dashboard').click();
      await page.getByRole('button', { name: 'Get Dashboard Data' }).click();
      await page.getByTestId('kpi-total').filter({ hasText: '3' }).waitFor();
      await page.getByTestId('verbs-chart').locator('.apexcharts-canvas').waitFor();
      await screenshot('dashboard');
      await page.getByRole('switch', { name: 'Live' }).check();
      await xapi.sendStatement({
        statement: statement({
          ...base,
          name: 'Ann Live',
          email: 'ann@school.test',
          verb: 'launched',
          object: 'Question 2',
        }),
      });
      const sent = Date.now();
      await page.getByTestId('kpi-total').filter({ hasText: '4' }).waitFor({ timeout: 6000 });
      expect(Date.now() - sent <= 6000, 'the new statement shows within 6 s');
      await page.getByTestId('statements-table').getByText('Ann Live').waitFor();
      await page.getByTestId('dashboard').getByRole('button', { name: 'Export CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export CSV' });
      expect(!(await dialog.getByLabel('Email').isChecked()), 'Email is not chosen by default');
      const rows = parseCsv(
        await download(
          page,
          () => dialog.getByRole('button', { name: 'Download CSV' }).click(),
          'lrs_statements.csv',
        ),
      );
      expectEqual(
        rows[0].join('|'),
        '#|Date & Time|How Long Ago|User|Activity|Verb|Score|Evidence',
        'chosen columns',
      );
      expectEqual(rows.length, 5, 'a header and four statements');
      expect(
        rows.some((r) => r[3] === 'สมชาย ใจดี' && r[7] === 'He said "roots"'),
        'Thai name and evidence read back',
      );
    },
    { timeoutMs: 120_000 },
  ),
]);
