import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  embeddedIpv4,
  parseAllowList,
} from '../../../src/server/adapters/http-out/address-policy';
import {
  guardedFetch,
  type THttpOutPolicy,
  type TResolver,
} from '../../../src/server/adapters/http-out/guarded-fetch';

const none = parseAllowList('');
const local = parseAllowList('127.0.0.1');

describe('address policy', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.8.8',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    'not-an-address',
  ])('refuses %s by default', (address) => {
    expect(addressAllowed(address, none)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(addressAllowed(address, none)).toBe(true);
    },
  );

  it('opens exactly what the operator allows', () => {
    expect(addressAllowed('127.0.0.1', local)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', local)).toBe(true);
    expect(addressAllowed('127.0.0.2', local)).toBe(false);
    expect(addressAllowed('10.9.9.9', parseAllowList('10.0.0.0/8'))).toBe(true);
    expect(() => parseAllowList('10.0.0.0/40')).toThrow(/prefix/);
    expect(() => parseAllowList('intranet')).toThrow(/not an IP/);
  });

  it('reads the IPv4 address inside IPv6 forms', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });
});

let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    } else if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/json' }).end();
    } else if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(5000));
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 1500);
    } else if (url.pathname === '/binary') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('zz');
    } else if (url.pathname === '/echo-auth') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(req.headers.authorization ?? 'none');
    } else res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const policy = (extra: Partial<THttpOutPolicy> = {}): THttpOutPolicy => ({
  allow: local,
  maxBytes: 1000,
  timeoutMs: 800,
  ...extra,
});
const json = ['application/json', 'text/*'];
const port = () => new URL(base).port;

describe('guardedFetch', () => {
  it('fetches from an allowed address', async () => {
    const res = await guardedFetch({ url: `${base}/json`, accept: json }, policy());
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
  });

  it('refuses loopback unless the operator allows it', async () => {
    await expect(
      guardedFetch({ url: `${base}/json`, accept: json }, policy({ allow: none })),
    ).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS',
    });
    const mapped = `http://[::ffff:127.0.0.1]:${port()}/json`;
    await expect(guardedFetch({ url: mapped, accept: json }, policy({ allow: none }))).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS',
    });
  });

  it('refuses a host name that resolves to a private address', async () => {
    const resolver: TResolver = async () => [{ address: '10.0.0.5', family: 4 }];
    const before = hits.length;
    await expect(
      guardedFetch({ url: `http://intranet.test:${port()}/json`, accept: json }, policy({ resolver })),
    ).rejects.toMatchObject({ errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS' });
    expect(hits.length).toBe(before);
  });

  it('checks every redirect hop', async () => {
    const to = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    await expect(
      guardedFetch({ url: `${base}/redirect?to=${to}`, accept: json }, policy()),
    ).rejects.toMatchObject({ errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS' });
    const ok = await guardedFetch({ url: `${base}/redirect?to=%2Fjson`, accept: json }, policy());
    expect(ok.url).toBe(`${base}/json`);
  });

  it('drops the caller’s headers when a redirect changes origin', async () => {
    const resolver: TResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const to = encodeURIComponent(`http://other.test:${port()}/echo-auth`);
    const res = await guardedFetch(
      { url: `${base}/redirect?to=${to}`, headers: { Authorization: 'Bearer s3cret' }, accept: json },
      policy({ resolver }),
    );
    expect(res.body.toString()).toBe('none');
    const same = await guardedFetch(
      { url: `${base}/echo-auth`, headers: { Authorization: 'Bearer s3cret' }, accept: json },
      policy(),
    );
    expect(same.body.toString()).toBe('Bearer s3cret');
  });

  it('resolves once and connects to the checked address (DNS rebinding)', async () => {
    // A rebinding DNS server: the first answer passes the check, later ones point inside.
    let calls = 0;
    const resolver: TResolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const res = await guardedFetch(
      { url: `http://rebind.test:${port()}/json`, accept: json },
      policy({ resolver }),
    );
    expect(res.status).toBe(200);
    expect(calls).toBe(1);

    // The other order: private first is refused even if a later answer would have passed.
    let second = 0;
    const flipped: TResolver = async () => [
      { address: second++ === 0 ? '10.0.0.1' : '127.0.0.1', family: 4 },
    ];
    await expect(
      guardedFetch({ url: `http://rebind.test:${port()}/json`, accept: json }, policy({ resolver: flipped })),
    ).rejects.toMatchObject({ errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS' });
  });

  it('refuses a host with any private answer among its addresses', async () => {
    const resolver: TResolver = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '192.168.0.9', family: 4 },
    ];
    await expect(
      guardedFetch({ url: `http://mixed.test:${port()}/json`, accept: json }, policy({ resolver })),
    ).rejects.toMatchObject({ errorCode: 'HTTP_OUT_FORBIDDEN_ADDRESS' });
  });

  it('caps size, time, redirects and content types', async () => {
    await expect(guardedFetch({ url: `${base}/big`, accept: json }, policy())).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_TOO_LARGE',
    });
    const started = Date.now();
    await expect(guardedFetch({ url: `${base}/slow`, accept: json }, policy())).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_TIMEOUT',
    });
    expect(Date.now() - started).toBeLessThan(1400);
    const loop = `${base}/redirect?to=${encodeURIComponent('/redirect?to=%2Fredirect')}`;
    await expect(
      guardedFetch({ url: loop, accept: json }, policy({ maxRedirects: 1 })),
    ).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_TOO_MANY_REDIRECTS',
    });
    await expect(guardedFetch({ url: `${base}/binary`, accept: json }, policy())).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_CONTENT_TYPE',
    });
    await expect(guardedFetch({ url: 'file:///etc/passwd', accept: json }, policy())).rejects.toMatchObject({
      errorCode: 'HTTP_OUT_BAD_URL',
    });
  });
});
