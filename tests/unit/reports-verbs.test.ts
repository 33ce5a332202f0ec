import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERB_COLOURS } from '../../src/features/reports/dashboard-rows';
import { SUPPORTED_LANGUAGES } from '../../src/shared/domain/languages';

const verbsIn = (lng: string) =>
  (
    JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'public', 'locales', lng, 'reports.json'), 'utf8'),
    ) as {
      verbs: Record<string, string>;
    }
  ).verbs;

describe('[I18N] xAPI verbs in the reports speak the reader’s language', () => {
  it('every verb the reports colour, and every verb our runtime records, is translated in all five languages', () => {
    const recorded = ['launched', 'completed', 'experienced', 'answered', 'passed', 'failed', 'progressed'];
    for (const lng of SUPPORTED_LANGUAGES) {
      const verbs = verbsIn(lng);
      for (const verb of new Set([...Object.keys(VERB_COLOURS), ...recorded]))
        expect(verbs[verb], `${lng} verbs.${verb}`).toBeTruthy();
    }
  });

  it('says them in Thai and Chinese, not in English', () => {
    for (const lng of ['zh-CN', 'th-TH']) {
      const verbs = verbsIn(lng);
      for (const [key, text] of Object.entries(verbs)) expect(text, `${lng} verbs.${key}`).not.toBe(key);
    }
  });
});
