/**
 * A random UUID (v4) for run registrations. Its own module so that the pages outside a run (the
 * flow page names a run before it starts) do not pull the whole runtime into the player's entry.
 */
export const uuid = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(c) / 4)))).toString(16),
      );
