import { api } from '../../shared/api/http';
import type { TLrsQuery, TXapiStatement } from '../../shared/domain/runtime';

/** The runtime's LRS port in the player: the participant's own statements of this assignment. */
export const ownStatements = (assignmentId: string, q: TLrsQuery) =>
  (
    api.get(`player/assignment/${assignmentId}/statements`, {
      query: { ...q },
      quiet: true,
    }) as Promise<{ data: TXapiStatement[] }>
  ).then((r) => r.data);
