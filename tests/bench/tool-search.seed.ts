import { insertUser } from '../../src/server/auth/auth.repo';
import { insertFlows } from '../../src/server/flows/flows.repo';
import type { AppDeps } from '../../src/server/http/context';
import { insertOrgWithAdmin } from '../../src/server/orgs/orgs.repo';
import { insertTag } from '../../src/server/tools/tags.repo';
import { insertTools, type NewTool, vacuumTools } from '../../src/server/tools/tools.repo';
import { newToolCode } from '../../src/server/tools/tools.service';
import { newId } from '../../src/shared/domain/ids';

export const TOOLS = 10_000;
const FLOWS = 300;
const TAGS = 12;

/** Vocabulary of the tool-search bench: tool names as schools write them ("Fractions Quiz Year 7"). */
// biome-ignore format: a word list reads better as a block
export const TOPICS = [
  'Fractions', 'Decimals', 'Percentages', 'Algebra', 'Equations', 'Geometry', 'Trigonometry', 'Statistics',
  'Probability', 'Calculus', 'Vectors', 'Matrices', 'Ratios', 'Angles', 'Polygons', 'Measurement',
  'Photosynthesis', 'Volcanoes', 'Earthquakes', 'Ecosystems', 'Cells', 'Genetics', 'Evolution',
  'Electricity', 'Magnetism', 'Forces', 'Energy', 'Waves', 'Atoms', 'Molecules', 'Reactions', 'Acids',
  'Planets', 'Astronomy', 'Weather', 'Climate', 'Oceans', 'Rivers', 'Mountains', 'Deserts', 'Grammar',
  'Vocabulary', 'Spelling', 'Punctuation', 'Phonics', 'Pronunciation', 'Poetry', 'Storytelling', 'Essays',
  'Persuasion', 'Debate', 'Comprehension', 'Listening', 'Conversation', 'Idioms', 'Verbs', 'Adjectives',
  'Tenses', 'Shakespeare', 'Mythology', 'Romans', 'Egyptians', 'Vikings', 'Renaissance', 'Revolution',
  'Democracy', 'Economics', 'Budgeting', 'Entrepreneurship', 'Marketing', 'Ethics', 'Philosophy',
  'Psychology', 'Sociology', 'Nutrition', 'Fitness', 'Anatomy', 'Hygiene', 'Firstaid', 'Wellbeing', 'Coding',
  'Algorithms', 'Robotics', 'Networks', 'Databases', 'Cybersecurity', 'Spreadsheets', 'Animation',
  'Painting', 'Sculpture', 'Photography', 'Music', 'Rhythm', 'Harmony', 'Drama', 'Dance', 'Recycling',
  'Sustainability', 'Biodiversity', 'Agriculture', 'Cartography', 'Migration', 'Citizenship', 'Law',
  'Chemistry', 'Biology', 'Physics', 'Geography', 'History', 'French', 'Spanish', 'Mandarin',
];
const KINDS = [
  'Quiz',
  'Practice',
  'Coach',
  'Tutor',
  'Lab',
  'Challenge',
  'Review',
  'Journal',
  'Drill',
  'Explorer',
];
const LEVELS = [
  'Year 3',
  'Year 5',
  'Year 7',
  'Year 9',
  'Year 11',
  'Beginner',
  'Intermediate',
  'Advanced',
  'A1',
  'B2',
];
const ACTIVITIES = [
  'answer questions by voice',
  'get AI feedback',
  'take a short quiz',
  'watch a video',
  'write a paragraph',
  'talk with an AI partner',
  'read a passage',
  'sketch on a whiteboard',
  'record their reflections',
  'solve problems step by step',
];

/** A tool's name and description: a topic, a kind and a level; two activities about a second topic. */
export function toolText(rnd: (n: number) => number): { name: string; description: string } {
  const pick = <T>(list: readonly T[]) => list[rnd(list.length)];
  const name = `${pick(TOPICS)} ${pick(KINDS)} ${pick(LEVELS)}`;
  const description = `Learners ${pick(ACTIVITIES)} and ${pick(ACTIVITIES)} about ${pick(TOPICS).toLowerCase()}.`;
  return { name, description };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run searches the same data. */
export function random(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** One org holding all 10,000 tools: every search scans the largest space there is. */
export async function seed(deps: AppDeps, rnd: (n: number) => number) {
  const db = deps.database.db;
  const user = await insertUser(db, {
    email: 'bench@example.org',
    passwordHash: 'x',
    fullname: 'Bench',
    emailVerified: true,
  });
  if (!user) throw new Error('no bench user');
  const org = await insertOrgWithAdmin(
    db,
    { id: newId(), name: 'Bench', description: '', orgCode: 'bench', iconUrl: null },
    user.id,
  );
  if (!org) throw new Error('no bench org');
  const flows = await insertFlows(
    db,
    Array.from({ length: FLOWS }, (_, i) => ({
      id: newId(),
      orgId: org.id,
      ownerId: user.id,
      projectId: null,
      name: `Flow ${i}`,
      description: '',
      iconUrl: null,
      nodes: [],
      edges: [],
      published: false,
    })),
  );
  const tagIds: string[] = [];
  for (let i = 0; i < TAGS; i++) {
    const tag = await insertTag(db, { id: newId(), orgId: org.id, name: `Tag ${i}`, description: '' });
    if (tag) tagIds.push(tag.id);
  }
  const start = Date.now() - TOOLS * 60_000;
  const tools: NewTool[] = Array.from({ length: TOOLS }, (_, i) => {
    const at = new Date(start + i * 60_000);
    return {
      id: newId(at.getTime()),
      orgId: org.id,
      ownerId: user.id,
      ...toolText(rnd),
      code: newToolCode(),
      flowIds: Array.from({ length: 1 + rnd(3) }, () => flows[rnd(FLOWS)].id),
      tagIds: [tagIds[rnd(TAGS)]],
      unitUsageOption: 'PAY_BY_ORG' as const,
      createdAt: at,
      updatedAt: at,
    };
  });
  await insertTools(db, tools);
  // The steady state of a server: PostgreSQL's autovacuum would have run after such a load.
  await vacuumTools(db);
  const { token } = await deps.tokens.sign({ userId: user.id, email: user.email });
  return { token, orgId: org.id, tagIds };
}
