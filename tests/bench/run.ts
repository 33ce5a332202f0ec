import { automationBench } from './automation.bench';
import type { Bench, BenchRow } from './bench';
import { canvasBench } from './canvas.bench';
import { chatBench } from './chat.bench';
import { creditsBench } from './credits.bench';
import { knowledgeBench } from './knowledge.bench';
import { lighthouseBench } from './lighthouse.bench';
import { liveBench } from './live.bench';
import { loadBench } from './load.bench';
import { lrsBench } from './lrs.bench';
import { offlineBench } from './offline.bench';
import { playerBench } from './player.bench';
import { playerAnswersBench } from './player-answers.bench';
import { reportsBench } from './reports.bench';
import { shellSizeBench } from './shell-size.bench';
import { startupBench } from './startup.bench';
import { toolSearchBench } from './tool-search.bench';

/**
 * `npm run bench [-- name]`: runs the benches in order and prints one table. Add a bench by
 * writing tests/bench/<name>.bench.ts and listing it here.
 */
const BENCHES: Bench[] = [
  startupBench,
  shellSizeBench,
  toolSearchBench,
  canvasBench,
  offlineBench,
  creditsBench,
  lrsBench,
  chatBench,
  loadBench,
  automationBench,
  reportsBench,
  playerBench,
  playerAnswersBench,
  knowledgeBench,
  liveBench,
  lighthouseBench,
];

const filter = process.argv[2]?.toLowerCase();
const selected = BENCHES.filter((b) => !filter || b.name.toLowerCase().includes(filter));
if (selected.length === 0) {
  console.log(`No bench matches "${filter}". Benches: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(1);
}

const rows: BenchRow[] = [];
for (const bench of selected) {
  console.log(`Running ${bench.name}…`);
  try {
    rows.push(...(await bench.run()));
  } catch (error) {
    rows.push({ figure: bench.name, value: 'error', target: '', withinTarget: null, notes: [String(error)] });
  }
}

const status = (r: BenchRow) =>
  r.withinTarget === null ? '' : r.withinTarget ? 'within target' : 'over target';
const table = [
  ['figure', 'value', 'target', 'status'],
  ...rows.map((r) => [r.figure, r.value, r.target, status(r)]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const line = (row: string[]) =>
  row
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log('');
console.log(line(table[0]));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of table.slice(1)) console.log(line(row));
const notes = rows.flatMap((r) => (r.notes ?? []).map((n) => `  ${n}`));
if (notes.length) console.log(`\n${notes.join('\n')}`);
