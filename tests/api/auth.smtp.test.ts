import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signIn } from './auth-helpers';
import { APP_START_MS, createTestApp, type TestApp } from './harness';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];

beforeAll(async () => {
  // A real SMTP server on a free loopback port; plain SMTP without TLS or AUTH, like a dev relay.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Flowlearn <no-reply@flowlearn.test>',
  });
}, APP_START_MS);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('[AUTH] e-mail through SMTP', () => {
  it('sends the verification code to a real SMTP server, and signing up with it works', async () => {
    const email = 'smtp.user@example.org';
    const res = await t.call('POST', '/api/auth/signup', { body: { email, password: 'smtp password 1' } });
    expect(res.status).toBe(201);
    const mail = inbox.find((m) => m.to.includes(email));
    expect(mail, 'a mail arrived at the SMTP server').toBeDefined();
    expect(mail?.from).toBe('no-reply@flowlearn.test');
    expect(mail?.raw).toMatch(/^Subject: Your Flowlearn verification code/m);
    const code = /is (\d{6})\./.exec(mail?.raw ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const verify = await t.call('POST', '/api/auth/verify', {
      body: { email, code, password: 'smtp password 1' },
    });
    expect(verify).toMatchObject({ status: 200, body: { message: 'Account verified' } });
    await signIn(t, email, 'smtp password 1');

    // The stored copy is marked sent and does not keep the code in clear.
    const [stored] = await mailsTo(t, email);
    expect(stored.sentAt).not.toBeNull();
    expect(stored.text).not.toContain(code);
    expect(stored.meta).toEqual({ kind: 'code:signup' });
  });

  it(
    'answers 503 when the SMTP server cannot be reached',
    async () => {
      const closed = createNetServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const broken = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      try {
        const res = await broken.call('POST', '/api/auth/signup', {
          body: { email: 'x@example.org', password: 'password 123' },
        });
        expect(res.status).toBe(503);
        expect(res.body.errorCode).toBe('MAIL_FAILED');
      } finally {
        await broken.close();
      }
    },
    APP_START_MS,
  );
});
