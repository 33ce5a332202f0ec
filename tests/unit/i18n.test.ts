import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../src/shared/domain/languages';
import { LINK_REFUSALS } from '../../src/shared/domain/link-rules';
import {
  catalogueTexts,
  HANDLE_TYPES,
  handleLabel,
  handleLabelKey,
  NODE_CATALOGUE,
  NODE_TEXT_NS,
} from '../../src/shared/domain/node-catalogue';

const LOCALES = join(__dirname, '..', '..', 'public', 'locales');
// The shell's namespaces (src/app/i18n.ts) and `nodes`, which the flow editor loads on first use.
const NAMESPACES = [
  'navbar',
  'common',
  'task',
  'assignment',
  'quickBalance',
  'chat',
  'credits',
  NODE_TEXT_NS,
  'lrs',
  'player',
  'reports',
  'generator',
  'templates',
];
type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const load = (lng: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Every namespace file en-GB has; a file only some languages have is caught below.
const FILES = readdirSync(join(LOCALES, 'en-GB'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
const TRANSLATED = ['zh-CN', 'ms-MY', 'th-TH'] as const;

/**
 * Texts that are the same in English and a translation on purpose: codes, file formats, brand
 * names, a sample address; and words Malay takes over from English. Anything else that still
 * equals the en-GB text is a leftover. Keep this list short.
 */
const SAME_EVERYWHERE = [
  'CSV',
  'ID',
  'JSON',
  'PDF',
  'HTML',
  'PowerPoint',
  'OK',
  'A-Z',
  'Z-A',
  'name@school.org, another@school.org',
];
const SAME_IN: Record<(typeof TRANSLATED)[number], string[]> = {
  'zh-CN': [],
  'ms-MY': ['Status', 'Audio', 'audio', 'Video', 'video', 'Label', 'Bank', 'Data', 'Widget', 'Menu'],
  'th-TH': [],
};

/** Keys whose text in `lng` is the en-GB text although a translation is expected. */
function untranslated(base: Map<string, string>, other: Map<string, string>, lng: keyof typeof SAME_IN) {
  const allowed = new Set([...SAME_EVERYWHERE, ...SAME_IN[lng]]);
  return [...base]
    .filter(([k, v]) => other.get(k) === v && /[a-z]/i.test(v) && !allowed.has(v))
    .map(([k, v]) => `${k}: ${v}`);
}

describe('[I18N] translation files', () => {
  it('every language has the same namespace files as en-GB', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const files = readdirSync(join(LOCALES, lng))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length))
        .sort();
      expect({ lng, files }).toEqual({ lng, files: FILES });
    }
  });

  for (const ns of FILES) {
    const base = load('en-GB', ns);
    for (const lng of SUPPORTED_LANGUAGES) {
      it(`${lng}/${ns}.json carries every en-GB key with the same placeholders`, () => {
        const other = load(lng, ns);
        const missing = [...base.keys()].filter((k) => !other.get(k)?.trim());
        const extra = [...other.keys()].filter((k) => !base.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        const wrong = [...base].filter(
          ([k, v]) => placeholders(v).join() !== placeholders(other.get(k) ?? '').join(),
        );
        expect(wrong.map(([k]) => k)).toEqual([]);
      });
    }
    for (const lng of TRANSLATED) {
      it(`${lng}/${ns}.json is really translated: no text still equals the English`, () => {
        expect(untranslated(base, load(lng, ns), lng)).toEqual([]);
      });
    }
  }

  it('catches a missing key and an English leftover (the checks can fail)', () => {
    const base = new Map([
      ['a', 'Save'],
      ['b', 'CSV'],
    ]);
    expect(
      untranslated(
        base,
        new Map([
          ['a', 'Save'],
          ['b', 'CSV'],
        ]),
        'th-TH',
      ),
    ).toEqual(['a: Save']);
    expect(
      untranslated(
        base,
        new Map([
          ['a', 'บันทึก'],
          ['b', 'CSV'],
        ]),
        'th-TH',
      ),
    ).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('[I18N] keys used in the code', () => {
  it('every literal t() key exists in en-GB', () => {
    const en = Object.fromEntries(NAMESPACES.map((ns) => [ns, load('en-GB', ns)]));
    const missing: string[] = [];
    for (const file of sourceFiles(join(__dirname, '..', '..', 'src'))) {
      const text = readFileSync(file, 'utf8');
      const fileNs = [...text.matchAll(/useTranslation\('(\w+)'\)/g)].map((m) => m[1]);
      const namespaces = [...new Set([...(fileNs.length ? fileNs : ['navbar']), 'common'])];
      for (const m of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const key = m[1];
        const [ns, k] = key.includes(':') ? key.split(':') : [null, key];
        // A plural key is stored as key_one / key_other and looked up without its suffix.
        const has = (n: string) => en[n]?.has(k) || en[n]?.has(`${k}_other`);
        const found = ns ? has(ns) : namespaces.some(has);
        if (!found) missing.push(`${file.split('/src/')[1]}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('[I18N] node catalogue texts', () => {
  const texts = catalogueTexts();

  it('en-GB/nodes.json is the catalogue English, key for key, with nothing left over', () => {
    const en = load('en-GB', NODE_TEXT_NS);
    const differs = [...texts].filter(([k, v]) => en.get(k) !== v).map(([k, v]) => `${k}: ${v}`);
    expect(differs).toEqual([]);
    expect([...en.keys()].filter((k) => !texts.has(k))).toEqual([]);
  });

  // With the parity test above, a block added without translations fails in every language.
  for (const lng of SUPPORTED_LANGUAGES) {
    it(`${lng} names, describes and labels every block, group, handle and reason`, () => {
      const other = load(lng, NODE_TEXT_NS);
      expect([...texts.keys()].filter((k) => !other.get(k)?.trim())).toEqual([]);
    });
  }

  it('gives one handle label key one English label', () => {
    const byKey = new Map<string, Set<string>>();
    for (const h of NODE_CATALOGUE.flatMap((s) => s.handles)) {
      byKey.set(handleLabelKey(h), (byKey.get(handleLabelKey(h)) ?? new Set()).add(handleLabel(h)));
    }
    expect([...byKey].filter(([, labels]) => labels.size > 1)).toEqual([]);
  });

  it('has the sentence names of every data type and every link refusal in en-GB', () => {
    const nav = load('en-GB', 'navbar');
    expect(HANDLE_TYPES.filter((t) => !nav.has(`canvas.handleTypes.${t}`))).toEqual([]);
    expect(LINK_REFUSALS.filter((c) => !nav.has(`canvas.refusal.${c}`))).toEqual([]);
  });
});
