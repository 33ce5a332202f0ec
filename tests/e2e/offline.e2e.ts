import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineE2E, type E2EBrowser, expect, expectEqual, test } from './harness';
import {
  api,
  apiToken,
  bannerText,
  eventually,
  openEditor,
  outboxEmptied,
  outboxEntries,
  placeBlock,
  renewedSince,
  saveFromPage,
  saveStateOf,
  signInAsDemo,
  THAI,
  waitForWorker,
} from './offline.util';

export default defineE2E([
  test(
    '[OFFLINE] reload offline in Thai, edit the flow on the canvas, restart the browser, come back online',
    async ({ url, launch, server, screenshot }) => {
      const token = await apiToken(url);
      const collection = await api(url, token, 'POST', 'projects', { name: `Offline class ${Date.now()}` });
      expectEqual(collection.status, 201, 'create a collection');
      const projectId = collection.json.data._id;
      const made = await api(url, token, 'POST', 'flows', { name: 'Rivers', projectId });
      expectEqual(made.status, 201, 'create a flow');
      const flowId = made.json.data._id;
      const base = made.json.data.revision;

      const profileDir = mkdtempSync(join(tmpdir(), 'flowlearn-e2e-offline-'));
      const browsers: E2EBrowser[] = [];
      try {
        const first = await launch({ viewport: 'tablet', profileDir });
        browsers.push(first);
        const page = first.page;
        await page.goto(url('/editor/login'));
        await page.evaluate(() => localStorage.setItem('language', 'th-TH'));
        await signInAsDemo(page, url);
        await waitForWorker(page);
        // Reads made while online are what the worker can answer offline.
        const collectionUrl = url(`/editor/personal/collections/projects/${projectId}`);
        await page.goto(url('/editor/personal/collections'));
        await page.getByText('Offline class').first().waitFor();
        await page.goto(collectionUrl);
        await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Offline class' }).waitFor();
        const editorUrl = url(`/editor/personal/projects/${projectId}/flows/${flowId}`);
        await openEditor(page, editorUrl);

        await first.context.setOffline(true);
        await page.goto(collectionUrl);
        await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Offline class' }).waitFor();
        const offlineBanner = await bannerText(page);
        expect(THAI.test(offlineBanner), `the offline banner is in Thai: ${offlineBanner}`);
        expect(offlineBanner.includes('สำเนาที่บันทึกไว้'), `the saved copy is marked: ${offlineBanner}`);
        await screenshot('offline-collection', page);
        expect(THAI.test((await page.locator('#root').textContent()) ?? ''), 'the page is in Thai offline');

        // The editor opens offline and keeps working: two blocks placed, each a change of its own.
        await openEditor(page, editorUrl);
        await placeBlock(page, 'beginNode', 1);
        await placeBlock(page, 'displayNode', 2);
        const waiting = await saveStateOf(page, 'offline');
        expect(THAI.test(waiting) && waiting.includes('2'), `two changes wait, in Thai: ${waiting}`);
        // Both saves went to the worker's outbox, merged into one write with the first base revision.
        const queued = await eventually('the save is queued', async () => {
          const entries = await outboxEntries(page);
          return entries.length === 1 && JSON.parse(entries[0].body).nodes?.length === 2
            ? entries
            : undefined;
        });
        expectEqual(queued[0].baseRevision, base, 'the queued base revision');
        await screenshot('offline-editing', page);
        await first.close();

        // A browser restart, still without a network: the edit is on the canvas, the write still waits.
        const second = await launch({ viewport: 'tablet', profileDir, networkDown: true });
        browsers.push(second);
        await openEditor(second.page, editorUrl);
        await second.page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 2);
        const kept = await outboxEntries(second.page);
        expectEqual(kept.length, 1, 'entries after the restart');
        expectEqual(kept[0].flowId, flowId, 'the kept entry');
        expect(
          !Object.keys(kept[0].headers).some((h) => h.toLowerCase() === 'authorization'),
          'no token is stored',
        );
        expect(!second.page.url().includes('/login'), `signed in offline: ${second.page.url()}`);
        await second.close();

        // Online again (a new session, so no token anywhere): the worker renews one with the refresh
        // cookie and sends the save, at browser start (Background Sync) or app start.
        const since = server.logs.length;
        const third = await launch({ viewport: 'tablet', profileDir });
        browsers.push(third);
        await openEditor(third.page, editorUrl);
        const saved = await eventually('the offline edit reaches the server', async () => {
          const flow = await api<{ data: { nodes: Array<{ type: string }>; revision: number } }>(
            url,
            token,
            'GET',
            `flows/${flowId}`,
          );
          return flow.json.data.nodes.length === 2 ? flow.json.data : undefined;
        });
        expectEqual(
          saved.nodes.map((n) => n.type).join(','),
          'beginNode,displayNode',
          'the blocks on the server',
        );
        expectEqual(saved.revision, base + 1, 'one save, one revision');
        expect(renewedSince(server, since), 'the replay renewed the access token');
        await outboxEmptied(third.page);
        await saveStateOf(third.page, 'saved');
        expect(!third.page.url().includes('/login'), `signed in once online: ${third.page.url()}`);
      } finally {
        // The profile is removed once no browser writes to it any more.
        await Promise.all(browsers.map((b) => b.close()));
        rmSync(profileDir, { recursive: true, force: true });
      }
    },
    { timeoutMs: 150_000 },
  ),

  test(
    '[OFFLINE] a canvas edit queued offline meets a change made elsewhere: the conflict dialog decides',
    async ({ page, context, url, server, screenshot }) => {
      const token = await apiToken(url);
      const made = await api(url, token, 'POST', 'flows', { name: 'Lakes' });
      const flowId = made.json.data._id;
      const base = made.json.data.revision;
      await signInAsDemo(page, url);
      await waitForWorker(page);
      await openEditor(page, url(`/editor/personal/projects/no-project/flows/${flowId}`));

      await context.setOffline(true);
      await placeBlock(page, 'beginNode', 1);
      await saveStateOf(page, 'offline');
      await eventually('the save is queued', async () =>
        (await outboxEntries(page)).length === 1 ? true : undefined,
      );
      const theirs = await api(url, token, 'PUT', `flows/${flowId}`, {
        name: 'Lakes (theirs)',
        revision: base,
      });
      expectEqual(theirs.status, 200, 'a save from elsewhere');
      // The tab's token is gone (as after it expires): whoever sends first must renew it.
      await page.evaluate(() => sessionStorage.removeItem('token'));
      const since = server.logs.length;
      await context.setOffline(false);

      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('This flow was changed elsewhere').waitFor({ timeout: 20_000 });
      expect(renewedSince(server, since), 'the access token was renewed');
      const onServer = await api(url, token, 'GET', `flows/${flowId}`);
      expectEqual(onServer.json.data.name, 'Lakes (theirs)', 'the queued save did not overwrite');
      await screenshot('offline-conflict');
      // Keep mine: the canvas version is saved over the server's, and nothing is left waiting.
      await dialog.getByRole('button', { name: 'Overwrite' }).click();
      await saveStateOf(page, 'saved');
      const after = await api<{ data: { nodes: unknown[]; name: string } }>(
        url,
        token,
        'GET',
        `flows/${flowId}`,
      );
      expectEqual(after.json.data.nodes.length, 1, 'my block is on the server');
      await outboxEmptied(page);
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 90_000 },
  ),

  test(
    '[OFFLINE] a stale queued save is kept and listed; the token is renewed',
    async ({ page, context, url, server, screenshot }) => {
      const token = await apiToken(url);
      const fresh = await api(url, token, 'POST', 'flows', { name: 'Fresh' });
      const stale = await api(url, token, 'POST', 'flows', { name: 'Stale' });
      await signInAsDemo(page, url);
      await waitForWorker(page);
      await page.goto(url('/editor/personal/collections'));
      await page.getByRole('heading', { level: 1 }).waitFor();

      await context.setOffline(true);
      const ok = await saveFromPage(page, fresh.json.data._id, {
        name: 'Fresh (offline)',
        revision: fresh.json.data.revision,
      });
      expectEqual(ok.status, 202, 'queued');
      const base = stale.json.data.revision;
      const conflicting = await saveFromPage(page, stale.json.data._id, { name: 'Mine', revision: base });
      expectEqual(conflicting.status, 202, 'queued');
      // Meanwhile the flow is changed elsewhere.
      const theirs = await api(url, token, 'PUT', `flows/${stale.json.data._id}`, {
        name: 'Theirs',
        revision: base,
      });
      expectEqual(theirs.status, 200, 'a save from elsewhere');
      // The tab's token is gone (as after it expires): the worker must renew its own.
      await page.evaluate(() => sessionStorage.removeItem('token'));
      const since = server.logs.length;
      await context.setOffline(false);

      await eventually('the good save reaches the server', async () => {
        const flow = await api(url, token, 'GET', `flows/${fresh.json.data._id}`);
        return flow.json.data.name === 'Fresh (offline)' ? true : undefined;
      });
      const failed = await eventually('the stale save is kept as a conflict', async () => {
        const entries = await outboxEntries(page);
        return entries.length === 1 && entries[0].failed ? entries[0] : undefined;
      });
      expectEqual(failed.failed?.status, 409, 'the kept entry is a conflict');
      const onServer = await api(url, token, 'GET', `flows/${stale.json.data._id}`);
      expectEqual(onServer.json.data.name, 'Theirs', 'the conflicting save did not overwrite');
      expect(renewedSince(server, since), 'the replay renewed the access token');

      // Signing out now asks first: the change would wait on this device for the next sign-in.
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      const ask = page.getByRole('alertdialog').filter({ hasText: 'Changes are still waiting' });
      await ask.getByText('1 change has not reached the server yet').waitFor();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect(!page.url().includes('/login'), 'still signed in after Cancel');
      // The banner says a change could not be sent; its list shows the conflict and lets it go.
      await page.getByTestId('offline-banner').getByRole('button').click();
      const list = page.getByTestId('outbox-list');
      await list.waitFor();
      expect(((await list.textContent()) ?? '').includes('Mine'), 'the list names the change');
      expect(
        /elsewhere/.test((await page.getByTestId('outbox-status').textContent()) ?? ''),
        'the status says it changed elsewhere',
      );
      await screenshot('waiting-changes');
      await list.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
      await outboxEmptied(page);
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 90_000 },
  ),
]);
