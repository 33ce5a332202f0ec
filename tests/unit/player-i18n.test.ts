import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, setTexts, t } from '../../src/player/i18n';

const texts = (lng: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'locales', lng, 'player.json'), 'utf8'));

describe('[PLAYER] the light i18n of the player entry', () => {
  it('reads nested keys with {{values}}, falls back to the default language, then to the key', () => {
    setTexts('th-TH', { join: { joining: 'กำลังเข้าร่วม {{code}}' } }, texts('en-GB'));
    expect(i18n.language).toBe('th-TH');
    expect(t('join.joining', { code: 'ABC' })).toBe('กำลังเข้าร่วม ABC');
    expect(t('outbox.refused', { count: 2 })).toBe('Answers not accepted: 2');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('join.joining')).toBe('กำลังเข้าร่วม {{code}}');
  });

  it('has every en-GB player text in all five languages', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    const base = keys(texts('en-GB')).sort();
    for (const lng of ['en-US', 'zh-CN', 'ms-MY', 'th-TH'])
      expect(keys(texts(lng)).sort(), lng).toEqual(base);
  });
});
