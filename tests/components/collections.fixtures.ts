/** Answers shaped by src/shared/contract/{collections,flows}.ts, and a fetch stub that routes by method + path. */
export const P1 = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const USER = 'bbbbbbbbbbbbbbbbbbbbbbbb';
let seq = 0;
export const hexId = () => (++seq).toString(16).padStart(24, 'c');

export function summary(name: string, extra: Record<string, unknown> = {}) {
  const id = hexId();
  return {
    _id: id,
    id,
    name,
    description: '',
    iconUrl: null,
    projectId: P1,
    ownerId: USER,
    orgId: null,
    published: false,
    revision: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    nodesCount: 2,
    ...extra,
  };
}

/** A full flow (what create, rename, duplicate and import answer). */
export function fullFlow(s: ReturnType<typeof summary>) {
  const { nodesCount: _n, ...rest } = s;
  return { ...rest, nodes: [], edges: [] };
}

export { type Call, stubApi } from './stub-api';
