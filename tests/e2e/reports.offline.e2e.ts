import { formatDateTime } from '../../src/shared/domain/dates';
import { defineE2E, expect, test } from './harness';
import { bannerText, signInAsDemo, waitForWorker } from './offline.util';
import { learnerWritesJournals, seedReportAssignment } from './reports.util';

/**
 * Reports seen once open offline as saved copies with the time they were saved.
 * Chromium keeps navigator.onLine true under offline emulation, so "offline" here is what the app's
 * connection state says (the service worker's failed fetch), read from the offline banner.
 */
export default defineE2E([
  test(
    '[REPORTS] a report seen once opens offline as a saved copy with the time it was saved',
    async ({ page, context, url, server, screenshot }) => {
      const seeded = await seedReportAssignment(server, { names: ['Ann Offline'], objects: 2 });
      await learnerWritesJournals(server, seeded, `offline${Date.now()}@school.test`, [
        { name: 'Field notes', content: 'Leaves turn towards the light.' },
      ]);
      await signInAsDemo(page, url);
      await waitForWorker(page);
      const detail = url(`/editor/personal/assignment/${seeded.assignmentId}`);
      const tab = (name: string) => page.getByRole('tab', { name, exact: true });

      // Online: the reports are read once (the worker keeps each answer, stamped with its time).
      await page.goto(detail);
      const before = Date.now();
      await tab('Reports').click();
      await page
        .getByTestId('mastery-table')
        .getByRole('rowheader', { name: /Ann Offline/ })
        .waitFor();
      await tab('Journal').click();
      await page.getByTestId('journal-table').getByText('Field notes').waitFor();
      expect((await page.getByTestId('report-saved-copy').count()) === 0, 'no saved-copy note online');
      const after = Date.now();

      await context.setOffline(true);
      await page.goto(detail);
      await tab('Reports').click();
      await page
        .getByTestId('mastery-table')
        .getByRole('rowheader', { name: /Ann Offline/ })
        .waitFor();
      const note = page.getByTestId('report-saved-copy');
      await note.waitFor();
      const text = (await note.textContent()) ?? '';
      // The saved time is the online read's, as the app formats it (minutes: either side of a tick).
      const times = [before, after].map((t) => formatDateTime(new Date(t).toISOString()));
      expect(
        times.some((time) => text === `Saved copy from ${time} — may be out of date`),
        `the note names the saved time (${times.join(' or ')}): ${text}`,
      );
      expect((await bannerText(page)).includes('offline'), 'the app says it is offline');
      await tab('Journal').click();
      await page.getByTestId('journal-table').getByText('Field notes').waitFor();
      expect(
        (await page.getByTestId('report-saved-copy').count()) >= 1,
        'the journal report is a saved copy',
      );
      await screenshot('offline-journal');

      // Back online, asking again gives a fresh answer: the note goes.
      await context.setOffline(false);
      await page.goto(detail);
      await tab('Reports').click();
      await page
        .getByTestId('mastery-table')
        .getByRole('rowheader', { name: /Ann Offline/ })
        .waitFor();
      await page.waitForTimeout(500);
      expect((await page.getByTestId('report-saved-copy').count()) === 0, 'no note once back online');
    },
    { timeoutMs: 120_000 },
  ),
]);
