import { describe, expect, it } from 'vitest';
import { languageOfPhone } from '../../src/player/language';

describe('[PLAYER] the phone language picks the player language', () => {
  it('takes the first language we speak, exactly or by its primary language', () => {
    expect(languageOfPhone(['th-TH', 'en-US'])).toBe('th-TH');
    expect(languageOfPhone(['th'])).toBe('th-TH');
    expect(languageOfPhone(['zh-Hans-CN', 'en'])).toBe('zh-CN');
    expect(languageOfPhone(['zh_CN'])).toBe('zh-CN');
    expect(languageOfPhone(['ms-MY'])).toBe('ms-MY');
    expect(languageOfPhone(['en-US', 'th-TH'])).toBe('en-US');
    expect(languageOfPhone(['en-AU'])).toBe('en-GB');
  });

  it('skips languages we do not have and answers nothing when none fits', () => {
    expect(languageOfPhone(['de-DE', 'fr', 'th-TH'])).toBe('th-TH');
    expect(languageOfPhone(['de-DE', 'ja'])).toBeUndefined();
    expect(languageOfPhone([])).toBeUndefined();
  });
});
