import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { defineE2E, expect, expectEqual, test } from './harness';

/** "Replace from file" in the editor, against the real server's POST /api/flows/{id}/import. */

const DEMO = { email: 'demo@flowlearn.local', password: 'flowlearn-demo' };

async function signIn(page: Page, url: (p: string) => string): Promise<string> {
  await page.goto(url('/editor/login'));
  await page.fill('#login-email', DEMO.email);
  await page.fill('#login-password', DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/explore$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token, 'an access token in sessionStorage');
  return token;
}

type FlowAnswer = { data: { _id: string; revision: number; name: string; nodes: unknown[] } };

async function api(url: (p: string) => string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url(`/api/${path}`), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, res };
}

const blocks = (page: Page) => page.locator('.react-flow__node').count();

export default defineE2E([
  test('[CANVAS] replace the open flow from a .flow file, then undo it', async ({
    page,
    url,
    screenshot,
  }) => {
    const token = await signIn(page, url);
    // The file: a real export of another flow with two blocks.
    const source = await api(url, token, 'POST', 'flows', {
      name: 'Source lesson',
      nodes: [
        { id: 'b', type: 'beginNode', position: { x: 0, y: 0 }, data: {} },
        { id: 't', type: 'textNode', position: { x: 0, y: 200 }, data: {} },
      ],
      edges: [],
    });
    expectEqual(source.status, 201, 'create the source flow');
    const sourceId = ((await source.res.json()) as FlowAnswer).data._id;
    const exported = await api(url, token, 'GET', `flows/${sourceId}/export`);
    expectEqual(exported.status, 200, 'export the source flow');
    const file = join(mkdtempSync(join(tmpdir(), 'flowlearn-e2e-replace-')), 'lesson.flow');
    writeFileSync(file, Buffer.from(await exported.res.arrayBuffer()));

    const target = await api(url, token, 'POST', 'flows', { name: 'Replace target', nodes: [], edges: [] });
    const targetId = ((await target.res.json()) as FlowAnswer).data._id;
    await page.goto(url(`/editor/personal/projects/no-project/flows/${targetId}`));
    await page.locator('.flow-canvas').waitFor();
    expectEqual(await blocks(page), 0, 'the target starts empty');

    await page.getByTestId('replace-flow-input').setInputFiles(file);
    await page
      .locator('.toast')
      .filter({ hasText: 'This flow now holds the 2 blocks of lesson.flow.' })
      .waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 2);
    const read = async () =>
      ((await (await api(url, token, 'GET', `flows/${targetId}`)).res.json()) as FlowAnswer).data;
    const stored = await read();
    expectEqual(stored.nodes.length, 2, 'the server holds the file’s blocks');
    expectEqual(stored.name, 'Source lesson', 'the file’s name came with it');
    await screenshot('replaced');

    // Undo brings the empty flow back, and its save reaches the server.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 0);
    let after = await read();
    for (let i = 0; i < 60 && after.nodes.length !== 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = await read();
    }
    expectEqual(after.nodes.length, 0, 'undo saved the previous blocks');
    expect(after.revision > stored.revision, 'the undo is a new revision');
  }),
]);
