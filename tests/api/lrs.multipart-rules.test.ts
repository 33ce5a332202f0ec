import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, uuid, type XapiClient } from './helpers/xapi';

let t: TestApp;
let lrs: XapiClient;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  lrs = (await lrsWorld(t)).org;
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NOTE = 'Ann finished the course';
const declared = (over: Record<string, unknown> = {}) => ({
  usageType: 'http://id.tincanapi.com/attachment/certificate-of-completion',
  display: { 'en-GB': 'Certificate' },
  contentType: 'text/plain',
  length: NOTE.length,
  sha2: sha256(NOTE),
  ...over,
});

interface RawPart {
  headers: string[];
  body: string;
}
const json = (value: unknown): RawPart => ({
  headers: ['Content-Type: application/json'],
  body: JSON.stringify(value),
});
const file = (headers: string[] = []): RawPart => ({
  headers: [
    'Content-Type: text/plain',
    'Content-Transfer-Encoding: binary',
    `X-Experience-API-Hash: ${sha256(NOTE)}`,
    ...headers,
  ],
  body: NOTE,
});

/** Writes the multipart/mixed body by hand, so that each part's headers are exactly these. */
function send(method: 'POST' | 'PUT', parts: RawPart[], id?: string) {
  const raw = `${parts.map((p) => `--b7\r\n${p.headers.map((h) => `${h}\r\n`).join('')}\r\n${p.body}\r\n`).join('')}--b7--\r\n`;
  const url = id ? `/xapi/statements?statementId=${id}` : '/xapi/statements';
  return lrs.call(method, url, { raw, headers: { 'Content-Type': 'multipart/mixed; boundary=b7' } });
}

async function refused(method: 'POST' | 'PUT', parts: RawPart[], message: RegExp, id?: string) {
  const res = await send(method, parts, id);
  expect(res.status, res.text).toBe(400);
  expect(res.body.message).toMatch(message);
}

describe('[LRS] multipart/mixed rules (Communication 1.5, Data 2.4.11)', () => {
  it('a well-formed body is stored by POST and by PUT', async () => {
    expect((await send('POST', [json(statement({ attachments: [declared()] })), file()])).status).toBe(200);
    const id = uuid();
    expect((await send('PUT', [json(statement({ id, attachments: [declared()] })), file()], id)).status).toBe(
      204,
    );
    // Header names and the value binary in any case, as RFC 2045 reads them.
    const relaxed = file().headers.map((h) =>
      h.replace('Content-Transfer-Encoding: binary', 'content-transfer-encoding: BINARY'),
    );
    const loud = { headers: relaxed, body: NOTE };
    expect((await send('POST', [json(statement({ attachments: [declared()] })), loud])).status).toBe(200);
  });

  it('a part after the first without Content-Transfer-Encoding: binary is 400, by POST and PUT', async () => {
    const s = () => json(statement({ attachments: [declared()] }));
    const plain = {
      headers: file().headers.filter((h) => !h.startsWith('Content-Transfer-Encoding')),
      body: NOTE,
    };
    await refused('POST', [s(), plain], /^part 2: Content-Transfer-Encoding must be binary \(got none\)/);
    const id = uuid();
    await refused(
      'PUT',
      [json(statement({ id, attachments: [declared()] })), plain],
      /^part 2: Content-Transfer-Encoding/,
      id,
    );
    const base64 = { headers: [...plain.headers, 'Content-Transfer-Encoding: base64'], body: NOTE };
    await refused('POST', [s(), base64], /got base64/);
    // Nothing was stored by the refused requests.
    expect((await lrs.call('GET', `/xapi/statements?statementId=${id}`)).status).toBe(404);
  });

  it('every other malformed part is 400 with a message naming the problem', async () => {
    const s = () => json(statement({ attachments: [declared()] }));
    const noHash = { headers: file().headers.filter((h) => !h.startsWith('X-Experience')), body: NOTE };
    await refused('POST', [s(), noHash], /^part 2: X-Experience-API-Hash header is required/);
    const stranger = {
      headers: [...noHash.headers, `X-Experience-API-Hash: ${sha256('other')}`],
      body: 'other',
    };
    await refused('POST', [s(), file(), stranger], /belongs to no statement attachment/);
    await refused('POST', [s()], /no fileUrl and no multipart part with sha2/);
    await refused(
      'POST',
      [{ headers: ['Content-Type: text/plain'], body: '{}' }, file()],
      /first part .* application\/json/,
    );
    await refused(
      'POST',
      [{ headers: [], body: JSON.stringify(statement()) }],
      /first part .* application\/json/,
    );
    // An attachment with a fileUrl needs no part.
    const remote = declared({ fileUrl: 'https://files.school.test/cert.txt', sha2: sha256('elsewhere') });
    expect((await send('POST', [json(statement({ attachments: [remote] }))])).status).toBe(200);
  });
});
