/** JSON with sorted keys: the database gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

type TDocument = { name: string; nodes: readonly unknown[]; edges: readonly unknown[] };

/** Whether two copies of a flow (a local draft or snapshot, the server's) hold the same document. */
export const sameDocument = (a: TDocument, b: TDocument): boolean =>
  a.name === b.name && canonical([a.nodes, a.edges]) === canonical([b.nodes, b.edges]);
