import type { Page } from 'playwright-core';
import { defineE2E, expect, test, VIEWPORTS } from './harness';
import { signInAsDemo } from './offline.util';
import { learnerWritesJournals, seedReportAssignment, statement } from './reports.util';

/** The report tabs by their key (tab-<key> ids), so the test reads the same in every language. */
const TABS = ['submissionReport', 'overview', 'reports', 'journal', 'dashboard'] as const;

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
    const bad = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > width + 1 && !held(el)) bad.push(el);
    }
    // The innermost ones say what pushes: a card is only wide because of what is in it.
    for (const el of bad.filter((e) => !bad.some((o) => o !== e && e.contains(o)))) {
      const name = el.tagName.toLowerCase() + '.' + [...el.classList].join('.');
      const r = el.getBoundingClientRect();
      out.push(name + ' "' + (el.textContent || '').trim().slice(0, 30) + '" right=' + Math.round(r.right));
    }
    return out.slice(0, 10);
  })()`);
}

async function openTab(page: Page, key: (typeof TABS)[number]) {
  await page.locator(`#tab-${key}`).click();
  if (key === 'submissionReport') await page.getByTestId('xapi-table').waitFor();
  if (key === 'overview') {
    const row = page.locator('.activity-row__head').first();
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  }
  if (key === 'reports') await page.getByTestId('mastery-table').waitFor();
  if (key === 'journal') await page.getByTestId('journal-table').waitFor();
  if (key === 'dashboard') {
    const dashboard = page.getByTestId('dashboard');
    await dashboard.waitFor();
    // 'Get Dashboard Data' is the only control before the first fetch.
    if ((await page.getByTestId('kpis').count()) === 0) await dashboard.getByRole('button').first().click();
    await page.getByTestId('kpis').waitFor();
    await page.getByTestId('verbs-chart').locator('.apexcharts-canvas').waitFor();
  }
}

export default defineE2E([
  test(
    '[REPORTS] every report tab and the dashboard fit a phone (390×844) and a tablet (1024×768), in Thai and Malay too',
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
      // English on both sizes, then the phone in the languages with the longest labels.
      for (const [viewport, size, language] of [
        ['phone', VIEWPORTS.phone, 'en-GB'],
        ['tablet', VIEWPORTS.tablet, 'en-GB'],
        ['phone', VIEWPORTS.phone, 'th-TH'],
        ['phone', VIEWPORTS.phone, 'ms-MY'],
      ] as const) {
        await page.evaluate((lng) => localStorage.setItem('language', lng), language);
        await page.setViewportSize(size);
        await page.goto(url(`/editor/personal/assignment/${assignmentId}`));
        for (const tab of TABS) {
          await openTab(page, tab);
          await page.waitForTimeout(300); // charts and fonts settle
          for (const f of await overflowing(page)) faults.push(`${viewport} ${language} / ${tab}: ${f}`);
          await screenshot(`${viewport}-${language}-${tab}`);
        }
      }
      expect(faults.length === 0, `nothing sticks out of the window:\n${faults.join('\n')}`);
    },
    { timeoutMs: 180_000 },
  ),
  test(
    '[REPORTS] with more statements stored than the dashboard reads, its note says so and fits a phone and a tablet',
    async ({ page, url, server, screenshot }) => {
      const seeded = await seedReportAssignment(server);
      const total = 1_010;
      const all = Array.from({ length: total }, (_, i) =>
        statement({
          assignmentId: seeded.assignmentId,
          flowId: seeded.flowId,
          name: `Learner with a rather long name ${i % 40}`,
          email: `many${i % 40}@school.test`,
          verb: i % 4 === 0 ? 'completed' : 'answered',
          object: `Question ${(i % 25) + 1}`,
          score: i % 7,
        }),
      );
      for (let i = 0; i < all.length; i += 250)
        await seeded.xapi.sendStatements({ statements: all.slice(i, i + 250) });
      await signInAsDemo(page, url);
      const faults: string[] = [];
      for (const [viewport, size] of [
        ['phone', VIEWPORTS.phone],
        ['tablet', VIEWPORTS.tablet],
      ] as const) {
        await page.evaluate(() => localStorage.setItem('language', 'en-GB'));
        await page.setViewportSize(size);
        await page.goto(url(`/editor/personal/assignment/${seeded.assignmentId}`));
        await openTab(page, 'dashboard');
        const note = page.getByTestId('statements-partial');
        await note.waitFor();
        const text = (await note.textContent()) ?? '';
        expect(/newest 1,000 of 1,010\b/.test(text), `the note counts what is shown and stored: ${text}`);
        await note.scrollIntoViewIfNeeded();
        for (const f of await overflowing(page)) faults.push(`${viewport} / dashboard: ${f}`);
        await screenshot(`${viewport}-dashboard-partial`);
      }
      expect(faults.length === 0, `nothing sticks out of the window:\n${faults.join('\n')}`);
    },
    { timeoutMs: 120_000 },
  ),
]);
