import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import type { Bench, BenchRow } from './bench';
import { benchGraph } from './canvas.data';
import { postgresCpu, processCpuMs } from './proc-cpu';
import { random, TOPICS } from './tool-search.seed';

/**
 * A busy school: 50 clients at once over real HTTP (Node's fetch, keep-alive) mixing flow lists,
 * flow reads, 200-block saves and tool searches for LOAD_SECONDS (30 s by default) after a warm-up,
 * on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. The server runs in its own process
 * (load.server.ts), so the clients do not share its event loop. Prints requests/s and p50/p99 per
 * route, then the CPU each route costs the server (and PostgreSQL), measured one request at a time.
 */
const CLIENTS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const WARMUP_SECONDS = 3;
const NODES = 200;
const SEQUENTIAL = 200;

type Op = 'flow list' | 'flow read' | 'flow save (200 blocks)' | 'tool search';
const MIX: Op[] = [
  ...Array<Op>(3).fill('flow list'),
  ...Array<Op>(3).fill('flow read'),
  ...Array<Op>(2).fill('flow save (200 blocks)'),
  ...Array<Op>(2).fill('tool search'),
];

interface LightAnswer {
  ok: boolean;
  status: number;
  text(): string;
}

/**
 * The clients' HTTP: Node's http module on keep-alive sockets, answers read as bytes and left
 * compressed unless read (a save's revision). Clients on other machines cost this one nothing; here
 * they share its two cores with the server, and fetch (web streams, gunzip of every answer) cost a
 * third of the CPU per request.
 */
function lightClient(port: number, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return {
    send(method: string, path: string, headers: Record<string, string>, body?: string) {
      return new Promise<LightAnswer>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            agent,
            headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (part: Buffer) => parts.push(part));
            res.on('error', reject);
            res.on('end', () => {
              const status = res.statusCode ?? 0;
              const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
              const gzipped = res.headers['content-encoding'] === 'gzip';
              resolve({
                ok: status >= 200 && status < 300,
                status,
                text: () => (gzipped ? gunzipSync(bytes) : bytes).toString('utf8'),
              });
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
  };
}

/**
 * The saved revision, read off the answer's text: the flow's own fields come before its graph, and a
 * quote inside a string is escaped, so the first `"revision":` is the flow's. Parsing the whole 80 KB
 * answer cost the clients' share of the two cores more than the server's gzip of it.
 */
function revisionOf(text: string): number {
  const found = /"revision":(\d+)/.exec(text);
  if (!found) throw new Error(`no revision in the save's answer: ${text.slice(0, 200)}`);
  return Number(found[1]);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** The options `npm start` passes to node (package.json), so the bench's server runs as production's. */
function startFlags(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start
    .split(' ')
    .filter((arg) => arg.startsWith('--'))
    .join(' ');
}

async function startServer(url: string | undefined) {
  const child = spawn(
    process.execPath,
    [
      // LOAD_CPU_PROF=<dir>: a V8 CPU profile of the server process (written when it stops)
      ...(process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : []),
      // Node's flags as `npm start` gives them (LOAD_NODE_FLAGS: others, to compare)
      ...(process.env.LOAD_NODE_FLAGS ?? startFlags()).split(' ').filter(Boolean),
      '--import',
      'tsx',
      new URL('./load.server.ts', import.meta.url).pathname,
    ],
    {
      env: { ...process.env, LOAD_DB_URL: url ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
  });
  const info = JSON.parse(first) as { port: number; token: string; orgId: string };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ...info, pid: child.pid as number, stop };
}

async function measure(url: string | undefined, engine: string): Promise<BenchRow[]> {
  const server = await startServer(url);
  try {
    return await drive(server, engine, postgresCpu(url ? new URL(url).port || '5432' : ''));
  } finally {
    await server.stop();
  }
}

async function drive(
  server: { port: number; token: string; orgId: string; pid: number },
  engine: string,
  pg: ReturnType<typeof postgresCpu>,
): Promise<BenchRow[]> {
  const rnd = random(12);
  const { token, orgId } = server;
  const headers = { Authorization: `Bearer ${token}`, orgId, 'Accept-Encoding': 'gzip' };
  const json = { ...headers, 'Content-Type': 'application/json' };
  const base = `http://127.0.0.1:${server.port}/api`;

  // one 200-block flow per client, so saves do not conflict
  const flows: Array<{ id: string; revision: number; graph: ReturnType<typeof benchGraph> }> = [];
  for (let i = 0; i < CLIENTS; i++) {
    const graph = benchGraph(NODES);
    const res = await fetch(`${base}/flows`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: `Load ${i}`, ...graph }),
    });
    const body = (await res.json()) as { data: { _id: string; revision: number } };
    if (res.status !== 201)
      throw new Error(`create flow: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    flows.push({ id: body.data._id, revision: body.data.revision, graph });
  }

  // Each save body is the flow's JSON with one number changed: written once, then put together.
  const saveBodies = flows.map((flow) => {
    const x = flow.graph.nodes[1].position.x;
    flow.graph.nodes[1].position.x = 0.123456789;
    const [head, tail] = JSON.stringify({ nodes: flow.graph.nodes, edges: flow.graph.edges }).split(
      '0.123456789',
    );
    flow.graph.nodes[1].position.x = x;
    return { head: `${head}`, tail: tail.slice(0, -1) };
  });
  const http = lightClient(server.port, CLIENTS);

  const times = new Map<Op, number[]>(MIX.map((op) => [op, []]));
  const failures = new Map<string, number>();
  let recording = false;
  const call = async (client: number, op: Op): Promise<void> => {
    const flow = flows[client];
    const started = performance.now();
    let res: LightAnswer;
    if (op === 'flow list') res = await http.send('GET', '/api/flows/user?limit=100', headers);
    else if (op === 'flow read') res = await http.send('GET', `/api/flows/${flow.id}`, headers);
    else if (op === 'tool search') {
      const word = TOPICS[rnd(TOPICS.length)].toLowerCase().slice(0, 3 + rnd(4));
      res = await http.send('GET', `/api/tool/search?keyword=${word}&limit=20`, headers);
    } else {
      flow.graph.nodes[1].position.x += 1;
      const { head, tail } = saveBodies[client];
      res = await http.send(
        'PUT',
        `/api/flows/${flow.id}`,
        json,
        `${head}${flow.graph.nodes[1].position.x}${tail},"revision":${flow.revision}}`,
      );
    }
    const elapsed = performance.now() - started;
    if (res.ok && op === 'flow save (200 blocks)') flow.revision = revisionOf(res.text());
    if (!recording) return;
    if (!res.ok) failures.set(`${op} ${res.status}`, (failures.get(`${op} ${res.status}`) ?? 0) + 1);
    else times.get(op)?.push(elapsed);
  };

  const until = (ms: number) => performance.now() + ms;
  const runClients = (end: number) =>
    Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        let i = client;
        while (performance.now() < end) await call(client, MIX[i++ % MIX.length]);
      }),
    );
  await runClients(until(WARMUP_SECONDS * 1000));
  recording = true;
  const cpu = process.cpuUsage();
  const serverCpu = processCpuMs(server.pid);
  const pgCpu = pg.snapshot();
  const load = loadavg()[0];
  const started = performance.now();
  await runClients(until(SECONDS * 1000));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const serverUsed = (processCpuMs(server.pid) ?? 0) - (serverCpu ?? 0);
  const pgUsed = pg.delta(pgCpu);
  recording = false;

  // The CPU each route costs, one request at a time (independent of how busy the machine is).
  const perRoute: string[] = [];
  for (const op of new Set(MIX)) {
    const s0 = processCpuMs(server.pid) ?? 0;
    const p0 = pg.snapshot();
    for (let i = 0; i < SEQUENTIAL; i++) await call(0, op);
    const sMs = ((processCpuMs(server.pid) ?? 0) - s0) / SEQUENTIAL;
    const pMs = pg.delta(p0);
    perRoute.push(`${op} ${sMs.toFixed(2)}${pMs === null ? '' : ` + ${(pMs / SEQUENTIAL).toFixed(2)}`} ms`);
  }

  const all = [...times.values()].flat().sort((a, b) => a - b);
  const total = all.length;
  const per = (ms: number) => (ms / Math.max(1, total)).toFixed(2);
  const isPg = engine === 'PostgreSQL';
  const rows: BenchRow[] = [
    {
      figure: `load: requests/s, ${engine}`,
      value: `${(total / seconds).toFixed(0)}/s`,
      target: isPg ? '≥ 1,000/s' : '',
      withinTarget: isPg ? total / seconds >= 1000 : null,
    },
    {
      figure: `load: p50 / p99, all routes, ${engine}`,
      value: `${percentile(all, 50).toFixed(1)} / ${percentile(all, 99).toFixed(1)} ms`,
      target: isPg ? 'p99 ≤ 100 ms' : '',
      withinTarget: isPg ? percentile(all, 99) <= 100 : null,
    },
  ];
  for (const [op, values] of times) {
    const sorted = values.sort((a, b) => a - b);
    rows.push({
      figure: `load: ${op}, ${engine}`,
      value: `${(sorted.length / seconds).toFixed(0)}/s, p50 ${percentile(sorted, 50).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} ms`,
      target: '',
      withinTarget: null,
    });
  }
  rows[rows.length - 1].notes = [
    `load (${engine}): ${CLIENTS} clients over HTTP for ${seconds.toFixed(1)} s after ${WARMUP_SECONDS} s of warm-up, ${total} answers, ${[...failures].map(([k, n]) => `${n}× ${k}`).join(', ') || 'no errors'}`,
    `load (${engine}): CPU per request under load: server ${per(serverUsed)} ms${isPg ? (pgUsed === null ? '' : `, PostgreSQL ${per(pgUsed)} ms`) : ' (the database included)'}, the 50 clients ${per((used.user + used.system) / 1000)} ms; load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
    `load (${engine}): CPU per request one at a time, server${isPg ? ' + PostgreSQL' : ''}: ${perRoute.join(', ')}`,
  ];
  return rows;
}

export const loadBench: Bench = {
  name: 'load',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    // LOAD_ENGINE=postgres measures PostgreSQL alone (with TEST_DATABASE_URL), e.g. under a profiler
    if (process.env.LOAD_ENGINE !== 'postgres') rows.push(...(await measure(undefined, 'PGlite')));
    const url = process.env.TEST_DATABASE_URL;
    if (url) rows.push(...(await measure(url, 'PostgreSQL')));
    return rows;
  },
};
