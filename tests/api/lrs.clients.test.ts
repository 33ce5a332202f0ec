import { createHash } from 'node:crypto';
import XAPI, { type Statement } from '@xapi/xapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, listen, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, uuid, type XapiClient } from './helpers/xapi';

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let lrs: XapiClient;
beforeAll(async () => {
  t = await createLrsTestApp();
  server = await listen(t);
}, APP_START_MS);
afterAll(async () => {
  await server.close();
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  lrs = (await lrsWorld(t)).org;
});

const CERTIFICATE = 'http://id.tincanapi.com/attachment/certificate-of-completion';
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('[LRS] real clients unmodified', () => {
  it('@xapi/xapi (axios adapter, over TCP) sends a statement with an attachment; its bytes are stored', async () => {
    const client = new XAPI({ endpoint: `${server.base}/xapi/`, auth: lrs.auth, version: '1.0.3' });
    const bytes = new TextEncoder().encode('Certificate: Ann finished the course ✓');
    const id = uuid();
    const sent = statement({
      id,
      attachments: [
        {
          usageType: CERTIFICATE,
          display: { 'en-GB': 'Certificate' },
          contentType: 'text/plain',
          length: bytes.length,
          sha2: sha256(bytes),
        },
      ],
    }) as unknown as Statement;
    const answer = await client.sendStatement({ statement: sent, attachments: [bytes.buffer] });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([id]);

    const got = await lrs.call('GET', `/xapi/statements?statementId=${id}&attachments=true`);
    expect(got.status).toBe(200);
    expect(got.text).toContain('Certificate: Ann finished the course ✓');
    expect(got.text).toContain(`X-Experience-API-Hash: ${sha256(bytes)}`);
    // The client reads back what it sent with its own reader.
    const back = await client.getStatement({ statementId: id });
    expect(back.data.attachments?.[0].sha2).toBe(sha256(bytes));
  });

  it('an octet-stream body is multipart only when well formed with the boundary it declares', async () => {
    const bytes = new TextEncoder().encode('notes');
    const s = statement({
      id: uuid(),
      attachments: [
        {
          usageType: CERTIFICATE,
          display: { en: 'x' },
          contentType: 'text/plain',
          length: 5,
          sha2: sha256(bytes),
        },
      ],
    });
    const body = (boundary: string, end = `--${boundary}--\r\n`) =>
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(s)}\r\n` +
      `--${boundary}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: binary\r\n` +
      `X-Experience-API-Hash: ${sha256(bytes)}\r\n\r\nnotes\r\n${end}`;
    const post = (raw: string, type = 'application/octet-stream') =>
      lrs.call('POST', '/xapi/statements', { raw, headers: { 'Content-Type': type } });
    const unclosed = await post(body('b1', ''));
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.message).toMatch(/multipart\/mixed body is not well formed/);
    expect((await post(body('b1', '--other--\r\n'))).status).toBe(400);
    expect((await post('not multipart')).body.message).toMatch(/^Content-Type: /);
    // Only octet-stream (or no type) is sniffed: a body labelled as text stays refused.
    expect((await post(body('b1'), 'text/plain')).status).toBe(400);
    expect(await post(body('b1'))).toMatchObject({ status: 200, body: [s.id] });
    expect((await lrs.call('GET', '/xapi/statements')).body.statements).toHaveLength(1);
  });

  it("TinCanPython's query strings: Python's True/False for ascending and the other booleans", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await lrs.call('POST', '/xapi/statements', { body: statement() })).status).toBe(200);
    }
    // As TinCanPython's query_statements builds it: str() of each value, then urllib.urlencode.
    const query = (fields: Record<string, string>) =>
      lrs.call('GET', `/xapi/statements?${new URLSearchParams(fields).toString()}`, { version: '1.0.1' });
    const newest = await query({
      limit: '3',
      ascending: 'False',
      related_activities: 'False',
      format: 'exact',
    });
    const oldest = await query({
      limit: '3',
      ascending: 'True',
      related_agents: 'True',
      attachments: 'False',
    });
    expect(newest.status, newest.text).toBe(200);
    expect(oldest.status, oldest.text).toBe(200);
    const ids = (page: typeof newest) => page.body.statements.map((s: { id: string }) => s.id);
    expect(ids(newest)).toHaveLength(3);
    expect(ids(oldest)).toEqual([...ids(newest)].reverse());
    const bad = await query({ ascending: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('ascending: must be true or false');
  });
});
