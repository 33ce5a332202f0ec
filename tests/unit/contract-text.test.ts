import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZCreateFlowRequest } from '../../src/shared/contract/flows';
import { NUL_MESSAGE } from '../../src/shared/contract/text';

const dir = join(import.meta.dirname, '../../src/shared/contract');

describe('[FOUNDATION] contract strings refuse NUL', () => {
  it('uses zText() for every string of every contract', () => {
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'text.ts')
      .filter((f) =>
        /\bz\s*\.\s*(string|coerce\s*\.\s*string)\s*\(/.test(readFileSync(join(dir, f), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });

  it('names the field that carries the NUL', () => {
    const parsed = ZCreateFlowRequest.safeParse({ name: 'a\u0000b' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['name'], message: NUL_MESSAGE });
  });
});
