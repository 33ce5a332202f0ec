import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app';
import { insertParticipant } from '../../src/server/assignments/participants.repo';
import type { Database } from '../../src/server/db/client';
import { flows } from '../../src/server/db/schema';
import { readSseData } from '../../src/shared/api/sse';
import type { TLiveEvent } from '../../src/shared/contract/live';
import { newId } from '../../src/shared/domain/ids';
import type { Bench, BenchRow } from './bench';
import { percentile } from './bench';
import { benchDeps, benchUser, onPglite, onPostgres } from './bench-app';

const PHONES = 200;
const STEPS = 5;
const TARGET_MS = 1000;

/**
 * `npm run bench -- live`: 200 phones joined to one live lesson over real HTTP, each on its
 * own event stream, and the projector's stream. Step change → every phone has it (p99 over all
 * phones and changes); answer → the projector has it (p99 over every phone's answer, all sent at
 * once). Phones and server share this process: the CPU per phone counts both sides of each event.
 */
async function measure(database: Database, engine: string): Promise<BenchRow[]> {
  const deps = await benchDeps(database);
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const stop = new AbortController();
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { _id: string; code: string } };
  };
  const follow = async (token: string, path: string, onEvent: (e: TLiveEvent) => void) => {
    const res = await fetch(`${base}/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: stop.signal,
    });
    void (async () => {
      for await (const data of readSseData(res.body as ReadableStream<Uint8Array>))
        onEvent(data as TLiveEvent);
    })().catch(() => undefined);
  };
  try {
    const teacher = await benchUser(deps, `teacher-${engine}@bench.test`, 'Teacher');
    const flowId = newId();
    const nodes = Array.from({ length: STEPS + 2 }, (_, i) => ({
      id: `n${i}`,
      type: i === 0 ? 'beginNode' : 'quizJsonNode',
      position: { x: 0, y: i * 100 },
      data: { label: `Step ${i}` },
    }));
    await database.db.insert(flows).values({
      id: flowId,
      orgId: null,
      ownerId: teacher.user.id,
      name: 'Live bench',
      nodes,
      nodesCount: nodes.length,
    });
    const made = await call(teacher.token, 'POST', 'assignment', {
      name: 'Live bench',
      flowIds: [flowId],
      unitUsageOption: 'PAY_BY_ME',
    });
    const id = made.data._id;
    const session = await call(teacher.token, 'POST', `assignment/${id}/live`, {});
    const answersSeen = new Map<string, number>();
    await follow(teacher.token, `assignment/${id}/live/events`, (e) => {
      if (e.type === 'answer') answersSeen.set(e.userId, performance.now());
    });
    const stepSeen: Array<Map<number, number>> = [];
    const phones: Array<{ userId: string; token: string }> = [];
    for (let i = 0; i < PHONES; i++) {
      const { user, token } = await benchUser(deps, `phone${i}-${engine}@bench.test`, `Phone ${i}`);
      await insertParticipant(database.db, id, user.id);
      await call(token, 'POST', `player/assignment/${id}/live/join`);
      const seen = new Map<number, number>();
      stepSeen.push(seen);
      phones.push({ userId: user.id, token });
      await follow(token, `player/assignment/${id}/live/events`, (e) => {
        if (e.type === 'state' && !seen.has(e.state.step)) seen.set(e.state.step, performance.now());
      });
    }
    const waitUntil = async (done: () => boolean) => {
      const deadline = performance.now() + 30_000;
      while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    };
    await waitUntil(() => stepSeen.every((s) => s.has(0)));

    const stepLatency: number[] = [];
    const cpu = process.cpuUsage();
    for (let step = 1; step <= STEPS; step++) {
      const t0 = performance.now();
      await call(teacher.token, 'POST', `assignment/${id}/live/control`, { action: 'next' });
      await waitUntil(() => stepSeen.every((s) => s.has(step)));
      for (const s of stepSeen) stepLatency.push((s.get(step) ?? Number.POSITIVE_INFINITY) - t0);
    }
    const used = process.cpuUsage(cpu);
    const cpuPerPhone = (used.user + used.system) / (PHONES * STEPS);

    const sent = new Map<string, number>();
    const answered: number[] = [];
    await Promise.all(
      phones.map(async (p) => {
        sent.set(p.userId, performance.now());
        await call(p.token, 'POST', `player/assignment/${id}/live/answers`, {
          sessionId: session.data._id,
          step: STEPS,
          nodeId: `n${STEPS + 1}`,
          answer: { choices: ['A'] },
        });
        answered.push(performance.now() - (sent.get(p.userId) ?? 0));
      }),
    );
    await waitUntil(() => answersSeen.size >= PHONES);
    const answerLatency = phones.map(
      (p) => (answersSeen.get(p.userId) ?? Number.POSITIVE_INFINITY) - (sent.get(p.userId) ?? 0),
    );

    const row = (figure: string, values: number[]): BenchRow => {
      const p99 = percentile(values, 99);
      return {
        figure: `${figure} (${engine}, ${PHONES} phones)`,
        value: Number.isFinite(p99)
          ? `p99 ${p99.toFixed(0)} ms, median ${percentile(values, 50).toFixed(0)} ms`
          : 'missed',
        target: `≤ ${TARGET_MS} ms p99`,
        withinTarget: p99 <= TARGET_MS,
      };
    };
    return [
      row('live: step change → every phone', stepLatency),
      row('live: answer → projector', answerLatency),
      // Tells the server's answer route apart from the fan-out: most of an answer's time is here.
      row('live: answer POST answered (all at once)', answered),
      {
        figure: `live: CPU per phone per step change (${engine}, server and phone in one process)`,
        value: `${cpuPerPhone.toFixed(0)} µs`,
        target: '',
        withinTarget: null,
      },
    ];
  } finally {
    stop.abort();
    server.close();
  }
}

export const liveBench: Bench = {
  name: 'live',
  async run() {
    return [...(await onPglite(measure)), ...(await onPostgres(measure))];
  },
};
