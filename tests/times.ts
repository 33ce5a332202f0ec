import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * The slowest test files of the last `npm run test:unit` (its JSON report, `.tmp/vitest.json`, or
 * the file given): `npm run test:times [-- report.json] [count]`. A file's time runs from its first
 * test's start to its last test's end, hooks included; module import is not in it.
 */

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: unknown[];
}

const [file = '.tmp/vitest.json', count = '25'] = process.argv.slice(2);
if (!existsSync(file)) {
  console.error(`No report at ${file}: run \`npm run test:unit\` first (it writes one).`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as { testResults: FileResult[] };
const rows = report.testResults
  .map((r) => ({
    file: relative(process.cwd(), r.name),
    seconds: (r.endTime - r.startTime) / 1000,
    tests: r.assertionResults.length,
    status: r.status,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = rows.reduce((sum, r) => sum + r.seconds, 0);
console.log(`${rows.length} files, ${total.toFixed(0)} s in all (summed over workers)`);
for (const r of rows.slice(0, Number(count)))
  console.log(
    `${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)} tests  ${r.file}${r.status === 'passed' ? '' : ` (${r.status})`}`,
  );
