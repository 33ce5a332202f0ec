import { DEFAULT_LANGUAGE, type TLanguage } from '../shared/domain/languages';

/**
 * The player's own texts (public/locales/<lang>/player.json), without i18next: the player needs one
 * namespace, nested keys and `{{name}}` values, and its entry must stay light on a cheap phone
 * (i18next, its HTTP backend and react-i18next were ~24 KB gzip of the entry). Texts are
 * loaded before the first render, so components read them synchronously.
 */
type TTexts = { [key: string]: string | TTexts };

let texts: TTexts = {};
let fallback: TTexts = {};
let current: TLanguage = DEFAULT_LANGUAGE;

const url = (lng: TLanguage) => `/editor/locales/${lng}/player.json`;

async function fetchTexts(lng: TLanguage): Promise<TTexts | null> {
  try {
    const res = await fetch(url(lng));
    return res.ok ? ((await res.json()) as TTexts) : null;
  } catch {
    return null;
  }
}

/** Loads the learner's language and, as i18next's fallbackLng did, the default one under it. */
export async function loadTexts(lng: TLanguage): Promise<void> {
  const [own, base] = await Promise.all([
    fetchTexts(lng),
    lng === DEFAULT_LANGUAGE ? null : fetchTexts(DEFAULT_LANGUAGE),
  ]);
  setTexts(own ? lng : DEFAULT_LANGUAGE, own ?? base ?? {}, base ?? {});
}

/** Tests (and loadTexts) put texts in place directly. */
export function setTexts(lng: TLanguage, own: TTexts, base: TTexts = {}): void {
  current = lng;
  texts = own;
  fallback = base;
}

function lookup(from: TTexts, key: string): string | undefined {
  let at: string | TTexts | undefined = from;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

export function t(key: string, values?: Record<string, string | number>): string {
  const text = lookup(texts, key) ?? lookup(fallback, key) ?? key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export const i18n = {
  get language(): TLanguage {
    return current;
  },
};

/** The shape of react-i18next's hook, so components read the same way as the app's. */
export function useTranslation(_ns: 'player' = 'player') {
  return { t, i18n };
}
