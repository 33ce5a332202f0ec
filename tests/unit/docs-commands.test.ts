import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docCommands, RULES, root, ruleFor } from '../docs/commands';

/** Every command the README and docs/ show is run by CI's docs step or says why another step covers it. */
describe('[DOCS] commands', () => {
  const commands = docCommands();

  it('finds the README front door and the backup commands', () => {
    const shown = commands.map((c) => c.command);
    expect(shown).toContain('npm install && npm start');
    expect(shown).toContain('npm test');
    expect(shown.some((c) => c.startsWith('pg_dump '))).toBe(true);
  });

  it('every command has a rule: run as written, or covered with a reason', () => {
    const unknown = commands.filter((c) => !ruleFor(c.command)).map((c) => `${c.where}: ${c.command}`);
    expect(unknown).toEqual([]);
  });

  it('every rule still matches a command (no rule for an example that is gone)', () => {
    const unused = RULES.filter((r) => !commands.some((c) => r.match.test(c.command)));
    expect(unused.map((r) => String(r.match))).toEqual([]);
  });

  it('each e2e filter selects a browser test file and each script exists (benches: docs-links)', () => {
    const e2eFiles = readdirSync(join(root, 'tests/e2e')).filter((f) => f.endsWith('.e2e.ts'));
    const wrong: string[] = [];
    for (const { command, where } of commands) {
      const filter = /npm run test:e2e -- (\w+)$/.exec(command)?.[1];
      if (filter && !e2eFiles.some((f) => f.toLowerCase().includes(filter.toLowerCase())))
        wrong.push(`${where}: no e2e file for ${filter}`);
      const script = /npx tsx (tests\/\S+\.ts)$/.exec(command)?.[1];
      if (script && !existsSync(join(root, script))) wrong.push(`${where}: no file ${script}`);
    }
    expect(wrong).toEqual([]);
  });
});
