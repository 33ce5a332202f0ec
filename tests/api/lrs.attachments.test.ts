import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactSign } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boundaryOf, buildMultipart, parseMultipart } from '../../src/server/lrs/multipart';
import { APP_START_MS, type TestApp } from './harness';
import { createLrsTestApp, lrsWorld, statement, uuid, type XapiClient } from './helpers/xapi';

let t: TestApp;
let lrs: XapiClient;
beforeAll(async () => {
  t = await createLrsTestApp();
}, APP_START_MS);
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  lrs = (await lrsWorld(t)).org;
});

const SIGNATURE = 'http://adlnet.gov/expapi/attachments/signature';
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const enc = (s: string) => new TextEncoder().encode(s);

function attachment(data: Uint8Array, over: Record<string, unknown> = {}) {
  return {
    usageType: 'http://id.tincanapi.com/attachment/certificate',
    display: { 'en-GB': 'Certificate' },
    contentType: 'text/plain',
    length: data.length,
    sha2: sha256(data),
    ...over,
  };
}

/** POSTs statements with attachment parts as multipart/mixed. */
function postMultipart(body: unknown, parts: Array<{ data: Uint8Array; hash?: string; type?: string }>) {
  const multipart = buildMultipart([
    { headers: { 'Content-Type': 'application/json' }, body: enc(JSON.stringify(body)) },
    ...parts.map((p) => ({
      headers: {
        'Content-Type': p.type ?? 'text/plain',
        'Content-Transfer-Encoding': 'binary',
        ...(p.hash === '' ? {} : { 'X-Experience-API-Hash': p.hash ?? sha256(p.data) }),
      },
      body: p.data,
    })),
  ]);
  return lrs.call('POST', '/xapi/statements', {
    raw: multipart.body,
    headers: { 'Content-Type': multipart.contentType },
  });
}

describe('[LRS] attachments', () => {
  it('refuses an attachment whose declared length is not its bytes', async () => {
    const data = enc('Certificate of completion');
    const s = statement({ id: uuid(), attachments: [attachment(data, { length: data.length + 1 })] });
    const res = await postMultipart(s, [{ data }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `statement.attachments[0].length: declares ${data.length + 1} bytes, its part has ${data.length}`,
    );
    const ok = statement({ id: uuid(), attachments: [attachment(data)] });
    expect((await postMultipart(ok, [{ data }])).status).toBe(200);
  });

  it('stores the bytes of a multipart/mixed request and answers them with attachments=true', async () => {
    const data = enc('Certificate of completion ✓');
    const s = statement({ id: uuid(), attachments: [attachment(data)] });
    const res = await postMultipart(s, [{ data }]);
    expect(res.status, res.text).toBe(200);
    const got = await t.app.request(`/xapi/statements?statementId=${s.id}&attachments=true`, {
      headers: { Authorization: lrs.auth, 'X-Experience-API-Version': '2.0.0' },
    });
    const type = got.headers.get('content-type') ?? '';
    expect(type).toMatch(/^multipart\/mixed; boundary=/);
    const parts = parseMultipart(new Uint8Array(await got.arrayBuffer()), boundaryOf(type) ?? '');
    expect(parts).toHaveLength(2);
    expect(JSON.parse(new TextDecoder().decode(parts?.[0].body)).id).toBe(s.id);
    expect(parts?.[1].headers['x-experience-api-hash']).toBe(sha256(data));
    expect(new TextDecoder().decode(parts?.[1].body)).toBe('Certificate of completion ✓');
    // A query answers the attachments of every statement in the page.
    const list = await lrs.call('GET', '/xapi/statements?attachments=true');
    expect(list.headers.get('content-type')).toMatch(/^multipart\/mixed/);
  });

  it('refuses a part whose bytes do not have its hash, a missing part, an unused part, a part without hash', async () => {
    const data = enc('abc');
    const s = () => statement({ attachments: [attachment(data)] });
    const wrong = await postMultipart(s(), [{ data, hash: sha256('other') }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/does not have that SHA-2/);
    expect((await lrs.call('POST', '/xapi/statements', { body: s() })).status).toBe(400);
    const extra = await postMultipart(s(), [{ data }, { data: enc('zzz') }]);
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/belongs to no statement attachment/);
    expect((await postMultipart(s(), [{ data, hash: '' }])).status).toBe(400);
    expect((await lrs.call('GET', '/xapi/statements')).body.statements).toHaveLength(0);
  });

  it('an attachment with a fileUrl needs no part', async () => {
    const s = statement({
      attachments: [attachment(enc('x'), { fileUrl: 'https://files.example/cert.txt' })],
    });
    expect((await lrs.call('POST', '/xapi/statements', { body: s })).status).toBe(200);
  });
});

describe('[LRS] signed statements', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sign = (payload: unknown, alg = 'RS256', header: Record<string, unknown> = {}) =>
    new CompactSign(enc(JSON.stringify(payload))).setProtectedHeader({ alg, ...header }).sign(privateKey);
  const signedBody = (s: Record<string, unknown>, jws: string) => ({
    ...s,
    attachments: [
      attachment(enc(jws), {
        usageType: SIGNATURE,
        contentType: 'application/octet-stream',
        display: { en: 'Signature' },
      }),
    ],
  });

  it('accepts a JWS of the statement (RS256), refuses a tampered payload or another algorithm', async () => {
    const s = statement({ id: uuid() });
    const jws = await sign(s);
    const ok = await postMultipart(signedBody(s, jws), [
      { data: enc(jws), type: 'application/octet-stream' },
    ]);
    expect(ok.status, ok.text).toBe(200);

    const s2 = statement({ id: uuid() });
    const tampered = await sign({ ...s2, verb: { id: 'http://x.test/other' } });
    const bad = await postMultipart(signedBody(s2, tampered), [
      { data: enc(tampered), type: 'application/octet-stream' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/does not match the statement/);

    const s3 = statement({ id: uuid() });
    const notJws = 'not-a-jws';
    expect(
      (await postMultipart(signedBody(s3, notJws), [{ data: enc(notJws), type: 'application/octet-stream' }]))
        .status,
    ).toBe(400);
  });

  it('with an X.509 certificate in x5c, the signature itself is verified', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xapi-cert-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=xapi-test',
      ],
      { stdio: 'ignore' },
    );
    const key = createPrivateKey(readFileSync(join(dir, 'key.pem')));
    const der = readFileSync(join(dir, 'cert.pem'), 'utf8').replace(/-----[^-]+-----|\s/g, '');
    rmSync(dir, { recursive: true, force: true });
    const s = statement({ id: uuid() });
    const good = await new CompactSign(enc(JSON.stringify(s)))
      .setProtectedHeader({ alg: 'RS256', x5c: [der] })
      .sign(key);
    expect(
      (await postMultipart(signedBody(s, good), [{ data: enc(good), type: 'application/octet-stream' }]))
        .status,
    ).toBe(200);
    // Signed by another key than the certificate's.
    const s2 = statement({ id: uuid() });
    const forged = await sign(s2, 'RS256', { x5c: [der] });
    const res = await postMultipart(signedBody(s2, forged), [
      { data: enc(forged), type: 'application/octet-stream' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/does not verify/);
  });
});
