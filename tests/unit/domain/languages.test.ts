import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  languageFromName,
  NATIVE_NAMES,
  normaliseLanguageCode,
  offeredLanguages,
  SUPPORTED_LANGUAGES,
} from '../../../src/shared/domain/languages';

describe('constants', () => {
  it('lists the supported languages with native names', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en-GB', 'en-US', 'zh-CN', 'ms-MY', 'th-TH']);
    expect(DEFAULT_LANGUAGE).toBe('en-GB');
    expect(NATIVE_NAMES).toEqual({
      'en-GB': 'English (UK)',
      'en-US': 'English (US)',
      'zh-CN': '简体中文',
      'ms-MY': 'Bahasa Melayu',
      'th-TH': 'ไทย',
    });
  });
});

describe('languageFromName', () => {
  it.each([
    ['english', 'en-GB'],
    ['English (UK)', 'en-GB'],
    [' ENGLISH (US) ', 'en-US'],
    ['Chinese', 'zh-CN'],
    ['simplified chinese', 'zh-CN'],
    ['ZH', 'zh-CN'],
    ['Malay', 'ms-MY'],
    ['ms', 'ms-MY'],
    ['Thai', 'th-TH'],
    ['th', 'th-TH'],
    ['EN-us', 'en-US'],
    ['ms-my', 'ms-MY'],
  ])('%s → %s', (name, code) => {
    expect(languageFromName(name)).toBe(code);
  });

  it('ignores unknown or empty values', () => {
    for (const v of ['french', 'english (au)', 'zh-TW', '', '  ', null, undefined]) {
      expect(languageFromName(v)).toBeUndefined();
    }
  });
});

describe('normaliseLanguageCode', () => {
  it('maps short codes and keeps full codes', () => {
    expect(normaliseLanguageCode('ms')).toBe('ms-MY');
    expect(normaliseLanguageCode('EN')).toBe('en-GB');
    expect(normaliseLanguageCode('zh')).toBe('zh-CN');
    expect(normaliseLanguageCode('th')).toBe('th-TH');
    expect(normaliseLanguageCode('en-US')).toBe('en-US');
    expect(normaliseLanguageCode('th-th')).toBe('th-TH');
    expect(normaliseLanguageCode('en_GB')).toBe('en-GB');
  });

  it('returns undefined for unknown codes and names', () => {
    for (const v of ['fr', 'en-AU', 'english', '', null, undefined]) {
      expect(normaliseLanguageCode(v)).toBeUndefined();
    }
  });
});

describe('offeredLanguages', () => {
  it('always offers both English variants', () => {
    expect(offeredLanguages([])).toEqual(['en-GB', 'en-US']);
    expect(offeredLanguages([null, undefined, 'klingon'])).toEqual(['en-GB', 'en-US']);
  });

  it('adds languages used as defaults, by name or code, in supported order', () => {
    expect(offeredLanguages(['th-TH', 'Malay', 'en-GB'])).toEqual(['en-GB', 'en-US', 'ms-MY', 'th-TH']);
    expect(offeredLanguages(['zh', 'zh-CN', 'Chinese'])).toEqual(['en-GB', 'en-US', 'zh-CN']);
  });
});
