import { queryRows } from '../../src/server/db/client';
import type { AppDeps } from '../../src/server/http/context';
import { insertBank, insertDocument } from '../../src/server/knowledge/knowledge.repo';
import { insertOrgWithAdmin } from '../../src/server/orgs/orgs.repo';
import { newId } from '../../src/shared/domain/ids';
import { bagOfWordsVector } from '../fixtures/openai-server';
import { benchUser } from './bench-app';
import { random, TOPICS } from './tool-search.seed';

export const CHUNKS = 10_000;
const DOCUMENTS = 100;
const WORDS_PER_CHUNK = 170;

/**
 * Text shaped like a school's documents for the full-text index: the short words every sentence has
 * (the 'simple' configuration keeps them, so a question's "the" or "how" matches nearly every passage),
 * a topic per document, and content words whose frequencies fall off like a language's (Zipf's law over a
 * vocabulary of made-up words, so a few are common and most are rare).
 */
// biome-ignore format: a word list reads better as a block
const FUNCTION_WORDS = [
  'the', 'of', 'and', 'a', 'to', 'in', 'is', 'that', 'it', 'for', 'as', 'with', 'are', 'on', 'by', 'this',
  'be', 'from', 'or', 'how', 'why', 'what', 'when', 'which', 'can', 'does', 'they', 'their', 'we', 'you',
];
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tu',
  'sa',
  'vel',
  'or',
  'pin',
  'dra',
  'ek',
  'su',
  'nol',
  'fi',
  'gar',
];
const VOCABULARY = 5000;

const contentWord = (i: number) => {
  let w = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) w += SYLLABLES[n % SYLLABLES.length];
  return `${w}${i % 7 === 0 ? 'tion' : ''}`;
};
const WORDS = Array.from({ length: VOCABULARY }, (_, i) => contentWord(i));

/**
 * A content word by Zipf's law, ranked after the ~100 short words of a language: log-uniform over
 * ranks 100…5100, so the commonest content word is in about a fifth of the passages, most in few.
 */
const FIRST_RANK = 100;
function zipfWord(rnd: (n: number) => number): string {
  const u = rnd(1_000_000) / 1_000_000;
  const rank = Math.floor(FIRST_RANK * ((VOCABULARY + FIRST_RANK) / FIRST_RANK) ** u) - FIRST_RANK;
  return WORDS[Math.min(VOCABULARY - 1, rank)];
}

function passage(rnd: (n: number) => number, topic: string): string {
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_CHUNK; i++) {
    const r = rnd(100);
    words.push(r < 45 ? FUNCTION_WORDS[rnd(FUNCTION_WORDS.length)] : r < 52 ? topic : zipfWord(rnd));
    if (i % 14 === 13) words[words.length - 1] += '.';
  }
  return `${words.join(' ')}.`;
}

/** What a learner asks a bot: a question word and short words, a topic, two or three content words. */
export function question(rnd: (n: number) => number): string {
  const topic = TOPICS[rnd(TOPICS.length)].toLowerCase();
  const extra = Array.from({ length: 2 + rnd(2) }, () => zipfWord(rnd));
  const start = ['how does the', 'why is the', 'what is a', 'when can we use the', 'which'][rnd(5)];
  return `${start} ${topic} ${extra.join(' and ')} work?`;
}

/**
 * One organisation with one bank of DOCUMENTS documents, CHUNKS passages in all, written by the
 * repository as an upload writes them; with `vectors`, each passage also gets the test server's
 * bag-of-words vector (64 dimensions) under `model`.
 */
export async function seedBank(deps: AppDeps, options: { vectors?: string } = {}) {
  const db = deps.database.db;
  const { user, token } = await benchUser(deps, 'bench@knowledge.test', 'Bench');
  const org = await insertOrgWithAdmin(
    db,
    { id: newId(), name: 'Bench school', description: '', orgCode: 'kbench', iconUrl: null },
    user.id,
  );
  if (!org) throw new Error('no bench org');
  const bank = await insertBank(db, { id: newId(), ownerId: user.id, orgId: org.id, name: 'Handbooks' });
  const rnd = random(11);
  const perDocument = CHUNKS / DOCUMENTS;
  for (let d = 0; d < DOCUMENTS; d++) {
    const topic = TOPICS[d % TOPICS.length].toLowerCase();
    const chunks = Array.from({ length: perDocument }, (_, i) => ({
      position: i,
      page: 1 + Math.floor(i / 5),
      text: passage(rnd, topic),
    }));
    await insertDocument(db, {
      id: newId(),
      bankId: bank.id,
      uploadedBy: user.id,
      fileName: `${topic}-handbook.pdf`,
      contentType: 'application/pdf',
      size: 1,
      storageKey: `bench/${d}`,
      chunks,
      vectors: options.vectors ? chunks.map((c) => bagOfWordsVector(c.text)) : null,
      embeddingModel: options.vectors ?? null,
    });
  }
  // The steady state of a server: autovacuum would have analysed the tables after such a load.
  await queryRows(db, 'vacuum analyze knowledge_chunks', []);
  if (options.vectors) await queryRows(db, 'vacuum analyze knowledge_chunk_vectors', []);
  return { token, orgId: org.id, bankId: bank.id, rnd };
}
