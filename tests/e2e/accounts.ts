import { expectEqual } from './harness';
import type { E2EServer } from './server';

/** A verified account made through the API: sign-up, the code from the dev mail outbox, verify. */
export async function verifiedAccount(
  server: E2EServer,
  url: (path: string) => string,
  email: string,
  password: string,
): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(url(`/api/auth/${path}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const since = Date.now();
  expectEqual((await post('signup', { email, password })).status, 201, 'sign-up');
  const code = await server.waitForMailCode(email, 15_000, since);
  // A code proves the mailbox; the password typed at sign-up is sent with it.
  expectEqual((await post('verify', { email, code, password })).status, 200, 'verification');
}
