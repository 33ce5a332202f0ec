import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchGraph } from '../bench/canvas.data';
import { createTestApp, listen, type TestApp } from './harness';
import { makeUser } from './helpers/users';

/**
 * The app behind @hono/node-server, as `npm start` runs it: answers built from text are written as
 * they are (no web Response in between) and bodies are read straight from Node, so this checks over
 * real HTTP that the shortcuts keep every header, length, compression and limit of the answers.
 */
let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: String(256 * 1024) });
  http = await listen(t);
  base = http.base;
}, 60_000);
afterAll(async () => {
  await http.close();
  await t.close();
});

const secured = (res: Response) => {
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]+$/);
};

describe('[PERF] answers over real HTTP', () => {
  it('a large answer is gzipped with its length, a small one sent as it is, both with every header', async () => {
    const ann = await makeUser(t, 'node-ann@example.org');
    const json = { Authorization: `Bearer ${ann.token}`, 'Content-Type': 'application/json' };
    const graph = benchGraph(200);
    const created = await fetch(`${base}/api/flows`, {
      method: 'POST',
      headers: { ...json, 'Accept-Encoding': 'gzip' },
      body: JSON.stringify({ name: 'Big', ...graph }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-encoding')).toBe('gzip');
    const flow = (await created.json()).data;

    // Node's fetch unzips for us, so read the raw bytes with a plain request that asks for gzip
    const raw = await fetch(`${base}/api/flows/${flow._id}`, {
      headers: { Authorization: `Bearer ${ann.token}`, 'Accept-Encoding': 'gzip' },
    });
    secured(raw);
    expect(raw.headers.get('vary')).toMatch(/Accept-Encoding/);
    const read = await raw.json();
    expect(read.data).toMatchObject({ _id: flow._id, revision: 1, nodes: graph.nodes, edges: graph.edges });

    const saved = await fetch(`${base}/api/flows/${flow._id}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ revision: 1, nodes: graph.nodes, edges: graph.edges }),
    });
    expect(saved.status).toBe(200);
    secured(saved);
    expect((await saved.json()).data).toMatchObject({ revision: 2, nodes: graph.nodes });

    const small = await fetch(`${base}/api/health`, { headers: { 'Accept-Encoding': 'gzip' } });
    secured(small);
    expect(small.headers.get('content-encoding')).toBeNull();
    const text = await small.text();
    expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text).status).toBe('ok');
  }, 60_000);

  it('gzip bytes on the wire match their Content-Length and unzip to the answer', async () => {
    const bo = await makeUser(t, 'node-bo@example.org');
    const res = await fetch(`${base}/api/flows`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bo.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Wire', ...benchGraph(100) }),
    });
    const id = (await res.json()).data._id;
    const { request } = await import('node:http');
    const wire = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(
        `${base}/api/flows/${id}`,
        { headers: { Authorization: `Bearer ${bo.token}`, 'Accept-Encoding': 'gzip' } },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(wire.headers['content-encoding']).toBe('gzip');
    expect(Number(wire.headers['content-length'])).toBe(wire.body.length);
    expect(JSON.parse(gunzipSync(wire.body).toString('utf8')).data._id).toBe(id);
  });

  it('errors keep their status and envelope; bodies past the limit get 413, chunked or declared', async () => {
    const missing = await fetch(`${base}/api/nothing-here`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(missing.status).toBe(404);
    secured(missing);
    expect(await missing.json()).toMatchObject({ errorCode: 'NOT_FOUND' });

    const cy = await makeUser(t, 'node-cy@example.org');
    const headers = { Authorization: `Bearer ${cy.token}`, 'Content-Type': 'application/json' };
    const bad = await fetch(`${base}/api/flows`, { method: 'POST', headers, body: '{"name": 5}' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/name/);

    const payload = JSON.stringify({ name: 'x'.repeat(300 * 1024) });
    const declared = await fetch(`${base}/api/flows`, { method: 'POST', headers, body: payload });
    expect(declared.status).toBe(413);
    await declared.text();
    const bytes = new TextEncoder().encode(payload);
    const chunked = await fetch(`${base}/api/flows`, {
      method: 'POST',
      headers,
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16 * 1024)
            controller.enqueue(bytes.subarray(i, i + 16 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).errorCode).toBe('PAYLOAD_TOO_LARGE');

    const fine = await fetch(`${base}/api/flows`, {
      method: 'POST',
      headers,
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"name":"Chunked"}'));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(fine.status).toBe(201);
    expect((await fine.json()).data.name).toBe('Chunked');
  });

  it('a JSON body read straight from Node: byte order mark, UTF-8 cut across packets, sent late or whole, keep-alive kept', async () => {
    const di = await makeUser(t, 'node-di@example.org');
    const { Agent, request } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const name = 'Énergie ✓ 日本語';
    // The body comes in pieces: a byte order mark, then a cut inside a three-byte character, late.
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ name }))]);
    const cut = bytes.indexOf(Buffer.from('✓')) + 1;
    const post = (pieces: Buffer[]) =>
      new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        const req = request(`${base}/api/flows`, {
          method: 'POST',
          agent,
          headers: {
            Authorization: `Bearer ${di.token}`,
            'Content-Type': 'application/json',
            'Content-Length': String(bytes.length),
          },
        });
        req.on('response', (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => {
            body += c;
          });
          r.on('end', () =>
            resolve({
              status: r.statusCode ?? 0,
              body,
              connection: r.headers.connection,
            }),
          );
        });
        req.on('error', reject);
        req.flushHeaders();
        let i = 0;
        const next = () => {
          const piece = pieces[i++];
          if (!piece) return void req.end();
          req.write(piece);
          setTimeout(next, 30);
        };
        setTimeout(next, 30);
      });
    const late = await post([bytes.subarray(0, cut), bytes.subarray(cut)]);
    expect(late.status).toBe(201);
    expect(JSON.parse(late.body).data.name).toBe(name);
    expect(late.connection).not.toBe('close');
    const whole = await post([bytes]);
    expect(whole.status).toBe(201);
    expect(JSON.parse(whole.body).data.name).toBe(name);
    expect(whole.connection).not.toBe('close');
    agent.destroy();
  });
});
