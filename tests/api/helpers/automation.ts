import { expect } from 'vitest';
import { flows } from '../../../src/server/db/schema';
import { newId } from '../../../src/shared/domain/ids';
import { edge } from '../../fixtures/flows/graph';
import type { TestApp } from '../harness';

/**
 * A flow a task can run: Start → Text Input "Essay" → AI General Feedback "Feedback" (reads the
 * essay). With `ai: false` only Start → Text Input (no AI call: the run costs the fee alone).
 */
export async function insertRunnableFlow(
  t: TestApp,
  ownerId: string,
  orgId: string | null,
  opts: { ai?: boolean; name?: string } = {},
): Promise<string> {
  const withAi = opts.ai !== false;
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } },
    { id: 'essay', type: 'inputNode', position: { x: 0, y: 100 }, data: { label: 'Essay' } },
    ...(withAi
      ? [
          {
            id: 'fb',
            type: 'processNode',
            position: { x: 0, y: 200 },
            data: { label: 'Feedback', maxScore: 10 },
          },
        ]
      : []),
  ];
  const edges = [
    edge('s.out>essay.in'),
    ...(withAi ? [edge('essay.out>fb.in'), edge('essay.text>fb.response')] : []),
  ];
  const id = newId();
  await t.database.db.insert(flows).values({
    id,
    orgId,
    ownerId,
    name: opts.name ?? 'Essay feedback',
    nodes,
    nodesCount: nodes.length,
    edges,
    projectId: null,
  });
  return id;
}

export async function createTask(
  t: TestApp,
  token: string,
  orgId: string | undefined,
  body: Record<string, unknown>,
) {
  const res = await t.call('POST', '/api/tasks', { token, orgId, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; status: string; [k: string]: unknown };
}
