import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ms-my';
import 'dayjs/locale/th';
import 'dayjs/locale/zh-cn';
import type { TLanguage } from './languages';

/** The dayjs locale of each app language: month and day names, AM/PM words (en is built in). */
export const DAYJS_LOCALES: Record<TLanguage, string> = {
  'en-GB': 'en-gb',
  'en-US': 'en',
  'zh-CN': 'zh-cn',
  'ms-MY': 'ms-my',
  'th-TH': 'th',
};

/** Makes every date the app formats (formatDateTime, formatDateShort…) speak the given language. */
export function setDateLanguage(lng: string): void {
  dayjs.locale(DAYJS_LOCALES[lng as TLanguage] ?? 'en');
}
