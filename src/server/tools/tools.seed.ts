import { newId } from '../../shared/domain/ids';
import { offlineToolDescription } from '../adapters/ai/offline-naming';
import type { AppDeps } from '../http/context';
import { findGlobalTagsByName, globalTagNames, insertTag } from './tags.repo';
import { countToolsInSpace, findUsableFlows, insertTool, listPersonalFlowIds } from './tools.repo';
import { newToolCode } from './tools.service';

/** The global default tags every space sees (org_id null); read-only for everyone. */
export const DEFAULT_TAGS: ReadonlyArray<readonly [string, string]> = [
  ['Assessment', 'Quizzes, tests and checks of what learners know.'],
  ['Feedback', 'Tools that give learners comments on their work, often written by AI.'],
  ['Language', 'Vocabulary, grammar and practice in a new language.'],
  ['Mathematics', 'Numbers, algebra, geometry and problem solving.'],
  ['Science', 'Experiments, explanations and the natural world.'],
  ['Writing', 'Drafting, editing and improving written work.'],
  ['Speaking', 'Pronunciation, oral answers and conversation practice.'],
  ['Reading', 'Reading comprehension and texts to explore.'],
  ['Listening', 'Audio and spoken texts for learners to understand.'],
  ['Reflection', 'Journals and prompts that help learners think about their learning.'],
];

const DEMO_TOOL_FLOWS = 3;

/**
 * Idempotent: adds the default tags that are missing, and one demo tool in the demo user's personal
 * space when the user has flows there and no tool yet. Runs after the collections seed.
 */
export async function seedTools(deps: AppDeps, demoUserId?: string): Promise<void> {
  const db = deps.database.db;
  const present = await globalTagNames(db);
  for (const [name, description] of DEFAULT_TAGS) {
    if (!present.has(name.toLowerCase()))
      await insertTag(db, { id: newId(), orgId: null, name, description });
  }
  if (!demoUserId) return;
  const space = { orgId: null, userId: demoUserId };
  if ((await countToolsInSpace(db, space)) > 0) return;
  const ids = await listPersonalFlowIds(db, demoUserId, DEMO_TOOL_FLOWS);
  const flows = await findUsableFlows(db, { ...space, isOrgAdmin: false }, ids);
  if (!flows.length) return;
  const tagIds = (await findGlobalTagsByName(db, ['Reading', 'Reflection'])).map((t) => t.id);
  const now = new Date();
  await insertTool(db, {
    id: newId(),
    orgId: null,
    ownerId: demoUserId,
    name: 'Demo Toolkit',
    description: offlineToolDescription(flows),
    code: newToolCode(),
    flowIds: ids.filter((id) => flows.some((f) => f.id === id)),
    tagIds,
    unitUsageOption: 'PAY_BY_ME',
    createdAt: now,
    updatedAt: now,
  });
  deps.logger.info('seeded demo tool', { flows: flows.length });
}
