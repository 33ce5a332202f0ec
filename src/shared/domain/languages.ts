export const SUPPORTED_LANGUAGES = ['en-GB', 'en-US', 'zh-CN', 'ms-MY', 'th-TH'] as const;

export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TLanguage = 'en-GB';

export const NATIVE_NAMES: Record<TLanguage, string> = {
  'en-GB': 'English (UK)',
  'en-US': 'English (US)',
  'zh-CN': '简体中文',
  'ms-MY': 'Bahasa Melayu',
  'th-TH': 'ไทย',
};

// Keys are lower-case; spec 01 §5.
const BY_NAME: Record<string, TLanguage> = {
  english: 'en-GB',
  'english (uk)': 'en-GB',
  'english (us)': 'en-US',
  chinese: 'zh-CN',
  'simplified chinese': 'zh-CN',
  zh: 'zh-CN',
  malay: 'ms-MY',
  ms: 'ms-MY',
  thai: 'th-TH',
  th: 'th-TH',
};

const SHORT_CODES: Record<string, TLanguage> = { en: 'en-GB', zh: 'zh-CN', ms: 'ms-MY', th: 'th-TH' };

function fullCode(key: string): TLanguage | undefined {
  return SUPPORTED_LANGUAGES.find((code) => code.toLowerCase() === key);
}

/** Maps a language name such as 'English (US)' or 'malay' (or a full code) to a supported code. */
export function languageFromName(name: string | null | undefined): TLanguage | undefined {
  const key = name?.trim().toLowerCase();
  if (!key) return undefined;
  return BY_NAME[key] ?? fullCode(key);
}

/** Maps 'ms', 'EN', 'zh_cn' or 'th-TH' to a supported code; anything else is undefined. */
export function normaliseLanguageCode(code: string | null | undefined): TLanguage | undefined {
  // Accept '_' as separator too: Java/Python style locales ('en_GB') are common in stored profiles.
  const key = code?.trim().toLowerCase().replace('_', '-');
  if (!key) return undefined;
  return SHORT_CODES[key] ?? fullCode(key);
}

/**
 * Languages to offer in the picker: English (UK and US) always, the others only when the personal
 * space or an organisation uses them as default. Defaults may be names or codes.
 */
export function offeredLanguages(defaults: Array<string | null | undefined>): TLanguage[] {
  const used = new Set<TLanguage>(['en-GB', 'en-US']);
  for (const d of defaults) {
    const lang = languageFromName(d) ?? normaliseLanguageCode(d);
    if (lang) used.add(lang);
  }
  return SUPPORTED_LANGUAGES.filter((code) => used.has(code));
}
