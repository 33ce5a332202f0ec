import { performance } from 'node:perf_hooks';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { smallGraph } from './helpers/graphs';
import { makeUser, type TestUser } from './helpers/users';
import { buildZip, deflated, zerosStream } from './helpers/zip-build';

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@example.org');
});
afterAll(() => t.close());

const manifest = strToU8(
  JSON.stringify({
    format: 'flowlearn.flow',
    formatVersion: 1,
    appVersion: '1',
    exportedAt: '2026-01-01',
    nodeTypes: {},
  }),
);
const flowJson = strToU8(
  JSON.stringify({ name: 'X', description: '', iconUrl: null, published: false, ...smallGraph() }),
);
const upload = (bytes: Uint8Array) =>
  t.call('POST', '/api/server-flow/import', {
    token: ann.token,
    headers: { 'Content-Type': 'application/octet-stream' },
    raw: bytes as unknown as BodyInit,
  });

describe('[HARDENING] .flow import cannot stall the server', () => {
  it('a directory that understates a bomb is stopped at the declared size while /api/health answers', async () => {
    // 130 KB on the wire, 128 MB of zeros inside, declared as 1,000 bytes (so the ratio check passes).
    // Reading it whole took seconds of a blocked event loop; the real one was 8 MB holding 8 GB.
    const bomb = buildZip([
      deflated('manifest.json', manifest),
      { name: 'flow.json', data: await zerosStream(128), method: 8, crc: 0, originalSize: 1000 },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    let done = false;
    const importing = upload(bomb).finally(() => {
      done = true;
    });
    const healthMs: number[] = [];
    // A health check every 10 ms while the import runs, timed from when it was due: a blocked event
    // loop delays both the timer and the answer.
    while (!done) {
      const due = performance.now() + 10;
      await new Promise((resolve) => setTimeout(resolve, 10));
      const res = await t.call('GET', '/api/health');
      healthMs.push(performance.now() - due);
      expect(res.status).toBe(200);
    }
    const res = await importing;
    const importMs = performance.now() - started;
    expect(Math.max(...healthMs), `health took ${healthMs.map(Math.round).join(', ')} ms`).toBeLessThan(100);
    expect(importMs).toBeLessThan(2000);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The .flow file is damaged: flow.json unpacks to more than its declared size.',
    );
  });

  it('refuses an entry whose CRC does not match', async () => {
    const good = deflated('flow.json', flowJson);
    const res = await upload(
      buildZip([deflated('manifest.json', manifest), { ...good, crc: (good.crc ^ 1) >>> 0 }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The .flow file is damaged: flow.json fails its CRC check.');
  });

  it('refuses encrypted entries', async () => {
    const res = await upload(
      buildZip([deflated('manifest.json', manifest), { ...deflated('flow.json', flowJson), flags: 1 }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The .flow file is encrypted (flow.json); export it again without a password.',
    );
  });

  it('still reads an honest file, stored or deflated', async () => {
    const stored = {
      name: 'flow.json',
      data: flowJson,
      method: 0 as const,
      crc: deflated('x', flowJson).crc,
      originalSize: flowJson.length,
    };
    for (const entry of [deflated('flow.json', flowJson), stored]) {
      const res = await upload(buildZip([deflated('manifest.json', manifest), entry]));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.report.nodesCount).toBe(3);
    }
  });
});
