import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';

/** Components render with the real en-GB texts, loaded synchronously from public/locales. */
const ns = [
  'navbar',
  'common',
  'task',
  'assignment',
  'quickBalance',
  'chat',
  'credits',
  'reports',
  'generator',
  'templates',
];
const resources = {
  'en-GB': Object.fromEntries(
    ns.map((n) => [
      n,
      JSON.parse(
        readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', `${n}.json`), 'utf8'),
      ),
    ]),
  ),
};
await i18n.use(initReactI18next).init({
  lng: 'en-GB',
  resources,
  ns,
  defaultNS: 'navbar',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

afterEach(() => cleanup());
