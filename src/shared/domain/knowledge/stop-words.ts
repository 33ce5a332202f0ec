/**
 * The short words of English and Malay questions that nearly every passage contains. The index keeps
 * them (the 'simple' configuration, for five languages), but a search leaves them out: an OR query
 * with "the" matches every passage, and ranking 10,000 matches took ~0.7 s where the rarer words
 * alone take milliseconds (docs/performance.md, knowledge). Chinese and Thai are written without
 * spaces, so their questions arrive as longer tokens and are not affected.
 */
// biome-ignore format: a word list reads better as a block
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'as',
  'into', 'about', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'done',
  'have', 'has', 'had', 'can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must',
  'it', 'its', 'this', 'that', 'these', 'those', 'there', 'here', 'they', 'them', 'their', 'we', 'us',
  'our', 'you', 'your', 'he', 'she', 'his', 'her', 'him', 'my', 'me', 'what', 'which', 'who', 'whom',
  'whose', 'when', 'where', 'why', 'how', 'if', 'then', 'than', 'so', 'not', 'no', 'yes', 'also', 'any',
  'all', 'some', 'such', 'very', 'just', 'only', 'own', 'same', 'too', 'up', 'out', 'over', 'please',
  'tell', 'explain',
  // Malay
  'yang', 'dan', 'di', 'ke', 'dari', 'ini', 'itu', 'untuk', 'dengan', 'pada', 'adalah', 'ialah',
  'apa', 'apakah', 'bagaimana', 'mengapa', 'kenapa', 'bila', 'siapa', 'mana', 'atau', 'juga', 'tidak',
  'ada', 'akan', 'boleh', 'dalam', 'oleh', 'kami', 'kita', 'saya', 'anda', 'mereka', 'sebuah', 'seorang',
]);
