import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import type { TestApp } from './harness';

/** Mails sent to an address, newest first (the dev outbox keeps every one). */
export async function mailsTo(t: TestApp, to: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The code of the newest code mail to that address. */
export async function lastCode(
  t: TestApp,
  to: string,
  purpose: 'signup' | 'reset' = 'signup',
): Promise<string> {
  const mail = (await mailsTo(t, to)).find((m) => m.meta?.kind === `code:${purpose}`);
  expect(mail, `a ${purpose} code mail to ${to}`).toBeDefined();
  const code = mail?.meta?.code ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(mail?.text).toContain(code);
  return code;
}

/** The refresh token from a Set-Cookie answer, or undefined when none was set. */
export function refreshCookie(headers: Headers): string | undefined {
  const line = headers.getSetCookie().find((l) => l.startsWith('fl_refresh='));
  const value = line?.split(';')[0].slice('fl_refresh='.length);
  return value || undefined;
}

export function setCookieLine(headers: Headers): string {
  return headers.getSetCookie().find((l) => l.startsWith('fl_refresh=')) ?? '';
}

export const withCookie = (token: string) => ({ Cookie: `fl_refresh=${token}` });

/** A different (wrong) code than the given one. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Signs up and verifies a fresh account. */
export async function createVerifiedUser(
  t: TestApp,
  email: string,
  password = 'correct horse battery',
): Promise<void> {
  const signup = await t.call('POST', '/api/auth/signup', { body: { email, password } });
  expect(signup.status).toBe(201);
  const verify = await t.call('POST', '/api/auth/verify', {
    body: { email, code: await lastCode(t, email), password },
  });
  expect(verify.status).toBe(200);
}

/** Signs in; returns the access token and the refresh token of the cookie. */
export async function signIn(t: TestApp, email: string, password = 'correct horse battery') {
  const res = await t.call('POST', '/api/auth/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    token: res.body.accessToken as string,
    refresh: refreshCookie(res.headers) as string,
    body: res.body,
  };
}

/** A verified, signed-in user in one call. */
export async function newSignedInUser(t: TestApp, email: string) {
  await createVerifiedUser(t, email);
  return signIn(t, email);
}
