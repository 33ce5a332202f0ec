import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';
import {
  api,
  apiToken,
  eventually,
  openEditor,
  outboxEntries,
  placeBlock,
  saveStateOf,
  signInAsDemo,
  waitForWorker,
} from './offline.util';

const FILE_NAME = /^Full-disk-lesson-\d{4}-\d{2}-\d{2}-\d{6}\.flow$/;

/** Writes 100 KB to a database of its own: 'kept', or the name of the error that refused it. */
const probeWrite = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('flowlearn-e2e-quota-probe', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onerror = () => resolve(open.error?.name ?? 'error');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('s', 'readwrite');
          tx.objectStore('s').put('x'.repeat(100_000), Date.now());
          tx.oncomplete = () => resolve('kept');
          tx.onabort = () => resolve(tx.error?.name ?? 'aborted');
          // Held open, it would keep the origin's storage open and the old quota with it.
          db.close();
        };
      }),
  );

export default defineE2E([
  test(
    '[OFFLINE] a full device: the editor says the change is only in this tab and exports the flow offline',
    async ({ page, context, url, screenshot }) => {
      const token = await apiToken(url);
      const collection = await api(url, token, 'POST', 'projects', { name: `Storage class ${Date.now()}` });
      expectEqual(collection.status, 201, 'create a collection');
      const projectId = collection.json.data._id;
      const made = await api(url, token, 'POST', 'flows', { name: 'Full disk lesson', projectId });
      expectEqual(made.status, 201, 'create a flow');
      const flowId = made.json.data._id;

      await signInAsDemo(page, url);
      await waitForWorker(page);
      const editorUrl = url(`/editor/personal/projects/${projectId}/flows/${flowId}`);
      await openEditor(page, editorUrl);
      await placeBlock(page, 'beginNode', 1);
      await saveStateOf(page, 'saved');

      // The origin's quota drops to one byte (Chromium's DevTools protocol). Chromium applies it when
      // the origin's storage is next opened, so the page and its worker let go of it first; from then
      // on every IndexedDB and Cache Storage write of the page and its worker fails.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(url('/')).origin, quotaSize: 1 });
      await eventually(
        'the tiny quota applies',
        async () => {
          await page.goto('about:blank');
          await cdp.send('ServiceWorker.enable');
          await cdp.send('ServiceWorker.stopAllWorkers');
          await new Promise((r) => setTimeout(r, 3000));
          await openEditor(page, editorUrl);
          return (await probeWrite(page)) === 'QuotaExceededError' ? true : undefined;
        },
        60_000,
      );
      await waitForWorker(page);
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 1);

      // Offline too: the worker's outbox cannot keep the save either, so only this tab has it.
      await context.setOffline(true);
      await placeBlock(page, 'displayNode', 2);
      const notice = page.getByTestId('storage-notice');
      await notice.waitFor({ timeout: 20_000 });
      const noticeText = (await notice.textContent()) ?? '';
      expect(/storage is full.*only in this tab/.test(noticeText), `the notice: ${noticeText}`);
      const label = await saveStateOf(page, 'tab');
      expectEqual(label.trim(), 'Only in this tab', 'the save state');
      // The worker's STORAGE_FULL popup points at the editor's Export.
      const popup = page.getByRole('alertdialog');
      await popup.waitFor({ timeout: 20_000 });
      const popupText = (await popup.textContent()) ?? '';
      expect(popupText.includes('Export this flow” at the top of the editor'), `the popup: ${popupText}`);
      expectEqual((await outboxEntries(page)).length, 0, 'writes kept in the outbox');
      await screenshot('storage-full', page);
      await popup.getByRole('button').last().click();
      await popup.waitFor({ state: 'detached' });

      // The way out, offline: the .flow file is made in the browser from what the canvas shows.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 20_000 }),
        notice.getByRole('button', { name: 'Export this flow' }).click(),
      ]);
      const fileName = download.suggestedFilename();
      expect(FILE_NAME.test(fileName), `the file name follows spec 01 §5: ${fileName}`);
      const path = await download.path();
      const bytes = new Uint8Array(readFileSync(path));
      const doc = JSON.parse(strFromU8(unzipSync(bytes)['flow.json'])) as {
        name: string;
        nodes: { id: string; type: string }[];
      };
      const shown = await page
        .locator('.react-flow__node')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-id')).sort());
      expectEqual(JSON.stringify(doc.nodes.map((n) => n.id).sort()), JSON.stringify(shown), 'blocks');
      expectEqual(
        doc.nodes
          .map((n) => n.type)
          .sort()
          .join(),
        'beginNode,displayNode',
        'block types',
      );
      expectEqual(doc.name, 'Full disk lesson', 'the flow name in the file');

      // The server imports that file as it imports its own exports.
      const res = await fetch(url(`/api/server-flow/import?projectId=${projectId}`), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
        body: bytes,
      });
      const imported = (await res.json()) as { report?: { nodesCount: number } };
      expectEqual(res.status, 201, `import of the exported file: ${JSON.stringify(imported)}`);
      expectEqual(imported.report?.nodesCount, 2, 'blocks imported');
      await cdp.detach();
    },
    { browser: { viewport: 'tablet' }, timeoutMs: 120_000 },
  ),
]);
