/**
 * The projector's word cloud for a text step: which words the class used, weighted by how many
 * learners used each (a word repeated in one answer counts once, so one long answer cannot fill the
 * cloud). Words are cut with Intl.Segmenter, which also splits Chinese and Thai, written without
 * spaces; the common words of the screen's language (and of English, which classes mix in) are left out.
 */
export type TCloudWord = { word: string; count: number };

/** Enough to fill a projector; the rest are the long tail nobody reads from the back of the room. */
export const CLOUD_WORDS = 40;

const EN =
  'a about after all also am an and any are as at be because been but by can could did do does for from had has have he her his how i if in into is it its just me more my no not of on or our out so some than that the their them then there these they this to too up us was we were what when where which who why will with would you your'.split(
    ' ',
  );
const MS =
  'ada adalah akan aku dalam dan dari dengan di ia ini itu juga kami kamu kita ke mereka pada saya sebagai telah tidak untuk yang'.split(
    ' ',
  );
const ZH = '的 了 是 在 和 我 你 他 她 它 们 有 也 就 都 而 及 与 这 那 个 吗 呢 吧 啊'.split(' ');
const TH = 'ที่ และ เป็น ใน การ ของ มี ได้ ไม่ ให้ ว่า จะ กับ แต่ ก็ นี้ นั้น คือ ฉัน เรา เขา'.split(' ');

const STOP: Record<string, ReadonlySet<string>> = {
  en: new Set(EN),
  ms: new Set([...MS, ...EN]),
  zh: new Set([...ZH, ...EN]),
  th: new Set([...TH, ...EN]),
};

/** The common words left out for a language tag (en-GB → en); English for a language without a list. */
export const stopWordsFor = (language: string): ReadonlySet<string> =>
  STOP[language.toLowerCase().split('-')[0]] ?? STOP.en;

function wordsOf(text: string, language: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    return [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);
  }
  return text.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
}

/** The cloud's words, most used first (ties alphabetically, so the cloud does not shuffle). */
export function cloudWords(
  texts: ReadonlyArray<string>,
  language: string,
  limit = CLOUD_WORDS,
): TCloudWord[] {
  const stop = stopWordsFor(language);
  const counts = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const raw of wordsOf(text, language)) {
      const word = raw.toLocaleLowerCase(language);
      // A lone letter or digit says nothing on a projector; Chinese characters are words on their own.
      if (stop.has(word) || seen.has(word) || (word.length < 2 && !/\p{Script=Han}/u.test(word))) continue;
      seen.add(word);
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word, language))
    .slice(0, limit);
}

/** Font size in rem for a word: from 1 (used once) to 3.5 (the most used), by the square root of its share. */
export const cloudSize = (count: number, most: number): number =>
  most <= 1 ? 1.5 : Math.round((1 + 2.5 * Math.sqrt((count - 1) / (most - 1))) * 100) / 100;
