import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleAdapter, driveMultipart } from '../../../src/server/adapters/google/google';
import type { TReadBlockFile } from '../../../src/server/blocks/block-files';
import { runDriveUpload } from '../../../src/server/blocks/drive-upload';
import { readEnv } from '../../../src/server/env';
import { resumeRun, startRun } from '../../../src/shared/domain/runtime';
import { driveUpload, startGoogleFake, type TGoogleFake } from '../../fixtures/google-server';
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
const req = (inputs: Record<string, unknown>) =>
  ({ nodeId: 'd', nodeType: 'googleDriveUploadNode', inputs, variables: {} }) as Parameters<
    typeof runDriveUpload
  >[1];
const node = (data: Record<string, unknown> = {}) => ({ id: 'd', type: 'googleDriveUploadNode', data });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0d, 0x0a]);
const files: Record<string, { bytes: Uint8Array; name: string; mediaType: string }> = {
  '/api/s3/download/aaaaaaaaaaaaaaaaaaaaaaaa': { bytes: PNG, name: 'leaf.png', mediaType: 'image/png' },
};
const reader: TReadBlockFile = async (url) => files[url] ?? null;

/** The last Drive upload the fake received, parsed as Google would. */
const lastUpload = () => {
  const call = google.calls.at(-1);
  const contentType = call
    ? `multipart/related; boundary=${/^--([^\r]+)/.exec(call.raw.toString('latin1'))?.[1]}`
    : '';
  return { call, parsed: call ? driveUpload(contentType, call.raw) : null };
};

describe('Google Drive Upload', () => {
  it('says "not connected" by default', async () => {
    const none = createGoogleAdapter(readEnv({}));
    expect(await runDriveUpload(node(), req({ text: { type: 'text', text: 'x' } }), none, reader)).toEqual({
      ok: false,
      errorCode: 'GOOGLE_NOT_CONNECTED',
      configured: false,
    });
  });

  it('uploads the linked file’s exact bytes with a multipart upload into the author’s folder', async () => {
    const res = await runDriveUpload(
      node({ folderId: 'folder_ABC-123456' }),
      req({ file: { type: 'file', url: '/api/s3/download/aaaaaaaaaaaaaaaaaaaaaaaa', name: 'leaf.png' } }),
      connected(),
      reader,
    );
    expect(res.ok, JSON.stringify(res)).toBe(true);
    const { call, parsed } = lastUpload();
    expect(call?.path).toBe('/upload/drive/v3/files?uploadType=multipart&fields=id,name,webViewLink');
    expect(call?.auth).toMatch(/^Bearer access-\d+$/);
    expect(parsed?.metadata).toEqual({
      name: 'leaf.png',
      mimeType: 'image/png',
      parents: ['folder_ABC-123456'],
    });
    expect(parsed?.mediaType).toBe('image/png');
    expect([...(parsed?.media ?? [])]).toEqual([...PNG]);
    const id = /drive-\d+/.exec(JSON.stringify(res))?.[0];
    expect(res).toEqual({
      ok: true,
      outputs: {
        drive: { type: 'drive', url: `https://drive.google.com/file/d/${id}/view`, name: 'leaf.png' },
      },
      summary: 'leaf.png',
    });
  });

  it('uploads linked text as a .txt named by the setting, else the label; UTF-8 kept', async () => {
    const adapter = connected();
    await runDriveUpload(
      node({ fileName: 'Notes/2026' }),
      req({ text: { type: 'text', text: 'สวัสดี 你好' } }),
      adapter,
      reader,
    );
    let { parsed } = lastUpload();
    expect(parsed?.metadata).toEqual({ name: 'Notes 2026.txt', mimeType: 'text/plain' });
    expect(parsed?.media.toString('utf8')).toBe('สวัสดี 你好');
    await runDriveUpload(
      node({ label: 'Reflection' }),
      req({ text: { type: 'text', text: 'x' } }),
      adapter,
      reader,
    );
    ({ parsed } = lastUpload());
    expect(parsed?.metadata.name).toBe('Reflection.txt');
  });

  it('refuses a file the caller may not read, a missing file and a bad folder id, without calling Google', async () => {
    const adapter = connected();
    const before = google.calls.length;
    const other = req({ file: { type: 'file', url: '/api/s3/download/bbbbbbbbbbbbbbbbbbbbbbbb' } });
    expect(await runDriveUpload(node(), other, adapter, reader)).toEqual({
      ok: false,
      errorCode: 'FILE_NOT_READABLE',
      configured: true,
    });
    expect(await runDriveUpload(node(), req({}), adapter, reader)).toMatchObject({
      errorCode: 'FILE_MISSING',
    });
    const bad = node({ folderId: '../../x?y' });
    expect(
      await runDriveUpload(bad, req({ text: { type: 'text', text: 'x' } }), adapter, reader),
    ).toMatchObject({
      errorCode: 'DRIVE_FOLDER_INVALID',
      configured: false,
    });
    expect(google.calls.length).toBe(before);
  });

  it('the multipart body carries a header-safe media type', () => {
    const body = driveMultipart({
      name: 'a',
      mediaType: 'text/plain\r\nX-Evil: 1',
      bytes: new Uint8Array([1]),
    });
    expect(Buffer.from(body.bytes).toString('latin1')).not.toContain('\r\nX-Evil');
  });
});

describe('googleDriveUploadNode in the runtime', () => {
  it('sends a linked text to the server and passes the Drive file on', async () => {
    const seen: string[] = [];
    const { options } = setup({});
    options.ports.serverBlocks = {
      async run(r) {
        seen.push(`${r.nodeType}:${JSON.stringify(r.inputs)}`);
        return {
          ok: true,
          outputs: { drive: { type: 'drive', url: 'https://drive.google.com/file/d/x/view' } },
        };
      },
    };
    const f = flow(
      ['s:beginNode', ['t', 'textNode', { text: 'My notes' }], 'd:googleDriveUploadNode'],
      ['s.out>d.in', 't.text>d.text'],
    );
    const r = await startRun(f, options);
    expect(seen).toEqual(['googleDriveUploadNode:{"text":{"type":"text","text":"My notes"}}']);
    expect(r.state.outputs.d?.drive).toEqual({
      type: 'drive',
      url: 'https://drive.google.com/file/d/x/view',
    });
  });

  it('with nothing linked, asks the learner for a file, then uploads that file', async () => {
    const seen: unknown[] = [];
    const { options, statements } = setup({});
    options.ports.serverBlocks = {
      async run(r) {
        seen.push(r.inputs);
        return { ok: false, errorCode: 'GOOGLE_NOT_CONNECTED', configured: false };
      },
    };
    const f = flow(
      ['s:beginNode', ['d', 'googleDriveUploadNode', { question: 'Your essay' }]],
      ['s.out>d.in'],
    );
    const r = await startRun(f, options);
    expect(r.waiting?.request).toMatchObject({ kind: 'media', media: 'file', prompt: 'Your essay' });
    expect(seen).toEqual([]);
    const url = '/api/s3/download/aaaaaaaaaaaaaaaaaaaaaaaa';
    const done = await resumeRun(f, r.state, { kind: 'media', url, name: 'essay.pdf' }, options);
    expect(seen).toEqual([{ file: { type: 'file', url, name: 'essay.pdf' } }]);
    expect(done.status).toBe('done');
    expect(done.issues.map((i) => [i.code, i.detail])).toContainEqual([
      'service-not-configured',
      'GOOGLE_NOT_CONNECTED',
    ]);
    expect(statements.map((s) => s.verb.id.split('/').pop())).toContain('answered');
  });
});
