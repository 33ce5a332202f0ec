import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleAdapter } from '../../../src/server/adapters/google/google';
import { runGoogleBlock } from '../../../src/server/blocks/google-blocks';
import { readEnv } from '../../../src/server/env';
import { startRun } from '../../../src/shared/domain/runtime';
import { startGoogleFake, type TGoogleFake } from '../../fixtures/google-server';
import { flow, setup } from '../runtime/harness';

let google: TGoogleFake;
beforeAll(async () => {
  google = await startGoogleFake();
});
afterAll(() => google.close());

const connected = () =>
  createGoogleAdapter(
    readEnv({
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_REFRESH_TOKEN: 'refresh-1',
      GOOGLE_API_URL: google.url,
    }),
  );
const req = (nodeType: string, inputs: Record<string, unknown>) =>
  ({ nodeId: 'g', nodeType, inputs, variables: {} }) as Parameters<typeof runGoogleBlock>[1];

describe('Google blocks', () => {
  it('say "not connected" by default', async () => {
    const none = createGoogleAdapter(readEnv({}));
    expect(none.kind).toBe('none');
    const node = { id: 'g', type: 'sentGmailNode', data: { to: 'a@b.org' } };
    expect(await runGoogleBlock(node, req('sentGmailNode', {}), none)).toEqual({
      ok: false,
      errorCode: 'GOOGLE_NOT_CONNECTED',
      configured: false,
    });
  });

  it('Write to Google Sheet appends the rows as RAW values with a token from the refresh grant', async () => {
    const adapter = connected();
    const node = {
      id: 'g',
      type: 'writeToGoogleSpreadsheetNode',
      data: { spreadsheetId: 'sheet-1', range: 'Scores!A1' },
    };
    const rows = [['Pia', '=IMPORTXML("http://x")']];
    const res = await runGoogleBlock(
      node,
      req('writeToGoogleSpreadsheetNode', { csv: { type: 'csv', rows } }),
      adapter,
    );
    expect(res).toEqual({ ok: true, outputs: {}, summary: '1 rows → Scores!A1' });
    const call = google.calls.at(-1);
    expect(call?.path).toBe(
      '/v4/spreadsheets/sheet-1/values/Scores!A1:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS',
    );
    expect(call?.auth).toBe('Bearer access-1');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ values: rows });
    // A second call reuses the access token.
    const before = google.tokens;
    await runGoogleBlock(node, req('writeToGoogleSpreadsheetNode', { csv: { type: 'csv', rows } }), adapter);
    expect(google.tokens).toBe(before);
  });

  it('Send Gmail sends a MIME message to the author’s recipient; a subject cannot add headers', async () => {
    const node = {
      id: 'g',
      type: 'sentGmailNode',
      data: { to: 'teacher@school.test', subject: 'Essay\r\nBcc: everyone@x.org' },
    };
    const res = await runGoogleBlock(
      node,
      req('sentGmailNode', { body: { type: 'text', text: 'Héllo' } }),
      connected(),
    );
    expect(res.ok).toBe(true);
    const raw = Buffer.from(JSON.parse(google.calls.at(-1)?.body ?? '{}').raw, 'base64url').toString();
    expect(raw).toContain('To: teacher@school.test\r\n');
    expect(raw).toContain('Subject: Essay Bcc: everyone@x.org\r\n');
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toContain(Buffer.from('Héllo').toString('base64'));
    const bad = { ...node, data: { to: 'not an address' } };
    expect(await runGoogleBlock(bad, req('sentGmailNode', {}), connected())).toMatchObject({
      errorCode: 'MAIL_TO_INVALID',
    });
  });

  it('a refused grant is an honest failure', async () => {
    const adapter = createGoogleAdapter(
      readEnv({
        GOOGLE_CLIENT_ID: 'c',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_REFRESH_TOKEN: 'revoked',
        GOOGLE_API_URL: google.url,
      }),
    );
    const node = { id: 'g', type: 'sentGmailNode', data: { to: 'a@b.org' } };
    await expect(
      runGoogleBlock(node, req('sentGmailNode', { body: { type: 'text', text: 'x' } }), adapter),
    ).rejects.toMatchObject({
      errorCode: 'GOOGLE_AUTH_FAILED',
    });
  });

  it('the executors hand the linked rows and message to the server and report "not connected"', async () => {
    const { options } = setup();
    const sent: string[] = [];
    options.ports.serverBlocks = {
      run: async (r) => {
        sent.push(`${r.nodeType}:${JSON.stringify(r.inputs)}`);
        return { ok: false, errorCode: 'GOOGLE_NOT_CONNECTED', configured: false };
      },
    };
    const f = flow(
      [
        's:beginNode',
        ['t', 'textNode', { text: 'Ada,9' }],
        ['c', 'csvBuilderNode'],
        // Spec 01 §4: rows link to this block only once it names a spreadsheet.
        ['w', 'writeToGoogleSpreadsheetNode', { spreadsheetId: 'sheet-1' }],
        ['m', 'sentGmailNode', { body: 'Done' }],
      ],
      ['s.out>c.in', 'c.out>w.in', 'w.out>m.in', 't.text>c.data', 'c.csv>w.csv'],
    );
    const r = await startRun(f, options);
    expect(sent).toEqual([
      'writeToGoogleSpreadsheetNode:{"csv":{"type":"csv","rows":[["Ada","9"]]}}',
      'sentGmailNode:{"body":{"type":"text","text":"Done"}}',
    ]);
    expect(r.state.issues.filter((i) => i.code === 'service-not-configured')).toHaveLength(2);
    expect(r.status).toBe('done');
  });
});
