import { randomUUID } from 'node:crypto';
import type { TEnv } from '../../env';

/**
 * Google's REST APIs for the Google blocks (Write to Google Sheet, Send Gmail, Google Drive Upload), as
 * one Google account the operator connects: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and
 * GOOGLE_REFRESH_TOKEN (an OAuth refresh token with the sheets, gmail.send and drive.file scopes). Without them the adapter is 'none' and the
 * blocks answer GOOGLE_NOT_CONNECTED. GOOGLE_API_URL sends every call to one other origin (a test's
 * fake, or a proxy). The access token is kept until shortly before it expires (a cache only: any
 * server process can get its own).
 */
export type GoogleAdapter =
  | { kind: 'none' }
  | {
      kind: 'connected';
      appendRows(spreadsheetId: string, range: string, rows: string[][]): Promise<{ updatedRows: number }>;
      sendMail(mail: { to: string; subject: string; text: string }): Promise<{ id: string }>;
      uploadFile(file: TDriveFile): Promise<{ id: string; name: string; url: string }>;
    };

/** A file for Drive: its name, type and bytes, and the folder it goes in (else My Drive's root). */
export type TDriveFile = { name: string; mediaType: string; bytes: Uint8Array; folderId?: string };

const fail = (errorCode: string) => Object.assign(new Error(errorCode), { errorCode });

/** One header line: no CR/LF, so a value cannot add headers of its own. */
const headerValue = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/** RFC 2047 for a non-ASCII subject. */
const encodedWord = (v: string) =>
  /^[\x20-\x7e]*$/.test(v) ? v : `=?UTF-8?B?${Buffer.from(v).toString('base64')}?=`;

export function mimeMessage(mail: { to: string; subject: string; text: string }): string {
  return [
    `To: ${headerValue(mail.to)}`,
    `Subject: ${encodedWord(headerValue(mail.subject))}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(mail.text).toString('base64').replace(/.{76}/g, '$&\r\n'),
  ].join('\r\n');
}

export function createGoogleAdapter(env: TEnv, fetcher: typeof fetch = fetch): GoogleAdapter {
  const { GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: secret, GOOGLE_REFRESH_TOKEN: refresh } = env;
  if (!id || !secret || !refresh) return { kind: 'none' };
  const at = (googleUrl: string) => {
    if (!env.GOOGLE_API_URL) return googleUrl;
    const u = new URL(googleUrl);
    return `${env.GOOGLE_API_URL.replace(/\/+$/, '')}${u.pathname}${u.search}`;
  };
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const form = {
      client_id: id,
      client_secret: secret,
      refresh_token: refresh,
      grant_type: 'refresh_token',
    };
    const res = await fetcher(at('https://oauth2.googleapis.com/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form as Record<string, string>),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw fail('GOOGLE_AUTH_FAILED');
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw fail('GOOGLE_AUTH_FAILED');
    const seconds = Math.max(0, (body.expires_in ?? 3600) - 60);
    token = { value: body.access_token, until: Date.now() + seconds * 1000 };
    return token.value;
  }

  async function call(
    url: string,
    body: unknown,
    raw?: { contentType: string; bytes: Uint8Array<ArrayBuffer> },
  ): Promise<Record<string, unknown>> {
    const res = await fetcher(at(url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': raw?.contentType ?? 'application/json',
      },
      body: raw ? raw.bytes : JSON.stringify(body),
      signal: AbortSignal.timeout(raw ? 60_000 : 15_000),
    });
    if (res.status === 401) token = null;
    if (!res.ok) throw fail(`GOOGLE_HTTP_${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  return {
    kind: 'connected',
    async appendRows(spreadsheetId, range, rows) {
      const path = `${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(range)}:append`;
      // RAW: cells are stored as typed, never read as formulas (a learner's "=IMPORTXML(…)" stays text).
      const query = 'valueInputOption=RAW&insertDataOption=INSERT_ROWS';
      const answer = await call(`https://sheets.googleapis.com/v4/spreadsheets/${path}?${query}`, {
        values: rows,
      });
      const updates = answer.updates as { updatedRows?: number } | undefined;
      return { updatedRows: updates?.updatedRows ?? rows.length };
    },
    async sendMail(mail) {
      const raw = Buffer.from(mimeMessage(mail)).toString('base64url');
      const answer = await call('https://gmail.googleapis.com/gmail/v1/users/me/messages/send', { raw });
      return { id: String(answer.id ?? '') };
    },
    async uploadFile(file) {
      // Drive's multipart upload: the file's metadata (JSON) and its bytes in one multipart/related body.
      const { contentType, bytes } = driveMultipart(file);
      const query = 'uploadType=multipart&fields=id,name,webViewLink';
      const answer = await call(`https://www.googleapis.com/upload/drive/v3/files?${query}`, null, {
        contentType,
        bytes,
      });
      const id = String(answer.id ?? '');
      if (!id) throw fail('GOOGLE_DRIVE_NO_ID');
      const link = typeof answer.webViewLink === 'string' ? answer.webViewLink : '';
      return {
        id,
        name: typeof answer.name === 'string' ? answer.name : file.name,
        url: link || `https://drive.google.com/file/d/${encodeURIComponent(id)}/view`,
      };
    },
  };
}

/** The multipart/related body of a Drive upload (metadata part, then media part). */
export function driveMultipart(file: TDriveFile): { contentType: string; bytes: Uint8Array<ArrayBuffer> } {
  const boundary = `flowlearn-${randomUUID()}`;
  const metadata = {
    name: file.name,
    mimeType: file.mediaType,
    ...(file.folderId ? { parents: [file.folderId] } : {}),
  };
  const head =
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
    `--${boundary}\r\nContent-Type: ${headerValue(file.mediaType)}\r\n\r\n`;
  const bytes = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { contentType: `multipart/related; boundary=${boundary}`, bytes: new Uint8Array(bytes) };
}
