import type { Page } from 'playwright-core';
import { defineE2E, expect, test, VIEWPORTS } from './harness';
import { signInAsDemo } from './offline.util';
import { learnerWritesJournals, seedReportAssignment } from './reports.util';

const TABS = ['Submission Report', 'Overview', 'Reports', 'Journal', 'Dashboard'] as const;

/**
 * What sticks out of the window: the page itself scrolling sideways, or an element reaching past the
 * right edge that no scrolling or clipping box around it holds (a table in .report-scroll is fine).
 */
async function overflowing(page: Page): Promise<string[]> {
  // A string, not a function: tsx would add __name() helpers the page does not have.
  return page.evaluate<string[]>(`(() => {
    const width = window.innerWidth;
    const out = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push('page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
    const held = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('main *, [role="dialog"] *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > width + 1 && !held(el)) {
        const name = el.tagName.toLowerCase() + '.' + [...el.classList].join('.');
        out.push(name + ' "' + (el.textContent || '').trim().slice(0, 30) + '" right=' + Math.round(r.right));
      }
    }
    return out.slice(0, 10);
  })()`);
}

async function openTab(page: Page, name: (typeof TABS)[number]) {
  await page.getByRole('tab', { name, exact: true }).click();
  if (name === 'Submission Report') await page.getByTestId('xapi-table').waitFor();
  if (name === 'Overview') {
    const row = page.locator('.activity-row__head').first();
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
  if (name === 'Reports') await page.getByTestId('mastery-table').waitFor();
  if (name === 'Journal') await page.getByTestId('journal-table').waitFor();
  if (name === 'Dashboard') {
    await page.getByTestId('dashboard').waitFor();
    const get = page.getByRole('button', { name: 'Get Dashboard Data' });
    if (await get.isVisible()) await get.click();
    await page.getByTestId('kpis').waitFor();
    await page.getByTestId('verbs-chart').locator('.apexcharts-canvas').waitFor();
  }
}

export default defineE2E([
  test(
    '[REPORTS] every report tab and the dashboard fit a phone (390×844) and a tablet (1024×768)',
    async ({ page, url, server, screenshot }) => {
      const seeded = await seedReportAssignment(server, {
        names: ['สมชาย ใจดีมากมายเหลือเกินนะครับ', 'Maximiliana Alexandrova-Worthington', '王小明'],
        objects: 4,
      });
      const { assignmentId } = seeded;
      await learnerWritesJournals(server, seeded, `layout${Date.now()}@school.test`, [
        {
          name: 'What I learned about photosynthesis this week',
          content: `# Light\n\n${'Plants turn light into sugar. '.repeat(12)}`,
        },
        { name: 'Questions', content: 'Why are leaves green?' },
      ]);
      await signInAsDemo(page, url);
      const faults: string[] = [];
      for (const [viewport, size] of [
        ['phone', VIEWPORTS.phone],
        ['tablet', VIEWPORTS.tablet],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto(url(`/editor/personal/assignment/${assignmentId}`));
        for (const tab of TABS) {
          await openTab(page, tab);
          await page.waitForTimeout(300); // charts and fonts settle
          for (const f of await overflowing(page)) faults.push(`${viewport} / ${tab}: ${f}`);
          await screenshot(`${viewport}-${tab.toLowerCase().replace(/\s+/g, '-')}`);
        }
      }
      expect(faults.length === 0, `nothing sticks out of the window:\n${faults.join('\n')}`);
    },
    { timeoutMs: 180_000 },
  ),
]);
