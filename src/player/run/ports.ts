import { ApiError } from '../../shared/api/http';
import type { TPlayerAiRequest } from '../../shared/contract/player';
import type { TPlayerBlockRequest } from '../../shared/contract/player-blocks';
import {
  isServerBlockType,
  type TAiPiece,
  type TJournalScope,
  type TLrsQuery,
  type TRunOptions,
  type TServerBlockRequest,
  type TServerBlockResult,
  type TXapiStatement,
} from '../../shared/domain/runtime';
import { enqueue } from '../outbox';
import { playerApi, type TTarget } from '../player.api';
import { uuid } from '../uuid';
import { browserMediaPort } from './media-port';
import { previewAiPort, previewMediaPort, previewServerBlocks } from './preview-port';
import { ownStatements } from './records-api';

/** An error the runtime reports with the port's errorCode (e.g. UNIT_BALANCE_INSUFFICIENT). */
class PortError extends Error {
  constructor(
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
  }
}

export type TRunWhere = {
  /** null: a preview (shared flow) — no records, no AI. */
  target: TTarget | null;
  flowId: string;
  flowName: string;
  assignmentActivityId?: string;
  actor?: { name: string; mbox?: string } | null;
  learner?: { id: string; name?: string };
  language: string;
  /** An author's preview of their own flow (target null): AI runs, paid by the flow's space; nothing is recorded. */
  preview?: boolean;
  /** A live lesson's registration (domain/live/registration.ts): the run's statements carry it instead of the run's own. */
  registration?: string;
};

export { uuid };

/** The runtime's ports in the browser: AI through the paid server route, xAPI through the outbox. */
export function browserRunOptions(
  where: TRunWhere,
  registration: string,
  onPiece: (nodeId: string, text: string) => void,
): TRunOptions {
  const { target, flowId } = where;
  const ai = target && {
    async *stream(req: TPlayerAiRequest): AsyncIterable<TAiPiece> {
      try {
        for await (const line of playerApi.ai(target, flowId, req)) {
          if (line.type === 'error') throw new PortError(line.message, line.errorCode);
          if (line.type === 'text') yield line;
          else if (line.type === 'usage') yield line;
          else if (line.type === 'done') yield line;
        }
      } catch (error) {
        if (error instanceof ApiError) throw new PortError(error.message, error.errorCode ?? error.kind);
        throw error;
      }
    },
  };
  const xapi = target && {
    emit: (statement: TXapiStatement) =>
      enqueue({
        target,
        flowId,
        statement: statement as TXapiStatement & Record<string, unknown>,
        learner: where.learner,
      }),
  };
  // Journals belong to a participant: a public visitor or a preview has none (the runtime says so).
  // A block's "Shared with the class" (scope.collaborative) reads and writes the assignment's shared journal.
  const journals = target?.kind === 'assignment' && {
    read: async (name: string, scope?: TJournalScope) =>
      (await playerApi.journal(target.id, name, scope?.collaborative === true)).data,
    write: async (
      name: string,
      content: string,
      meta: { nodeId: string; nodeType: string } & TJournalScope,
    ) => {
      await playerApi.writeJournal(target.id, flowId, { name, content, ...meta });
    },
    update: async (name: string, content: string, mode: 'append' | 'replace', scope?: TJournalScope) =>
      (await playerApi.updateJournal(target.id, { name, content, mode, ...scope })).updated,
  };
  // xAPI Report / Retrieve: a participant's own statements of the assignment (a public visitor has none).
  const lrs = target?.kind === 'assignment' && {
    query: (q: TLrsQuery) => ownStatements(target.id, q),
  };
  // API Call, Web Search, Web Crawler run on the server (its SSRF guard, its secrets); a preview has none.
  const serverBlocks = target && {
    run: async (req: TServerBlockRequest) => {
      const { nodeType } = req;
      if (!isServerBlockType(nodeType))
        return { ok: false as const, errorCode: 'NOT_A_SERVER_BLOCK', configured: false };
      const sent = { ...req, nodeType, inputs: req.inputs as TPlayerBlockRequest['inputs'] };
      return (await playerApi.block(target, flowId, sent)).data as TServerBlockResult;
    },
  };
  const origin = window.location.origin;
  return {
    ports: {
      ...(ai ? { ai } : where.preview ? { ai: previewAiPort(flowId) } : {}),
      ...(target
        ? { media: browserMediaPort(target, flowId) }
        : where.preview
          ? { media: previewMediaPort(flowId) }
          : {}),
      ...(xapi ? { xapi } : {}),
      ...(journals ? { journals } : {}),
      ...(lrs ? { lrs } : {}),
      ...(serverBlocks
        ? { serverBlocks }
        : where.preview
          ? { serverBlocks: previewServerBlocks(flowId) }
          : {}),
      storage: { mediaUrl: (ref: string) => ref },
      clock: { now: () => Date.now() },
      random: { next: () => Math.random(), uuid },
    },
    ...(target
      ? {
          xapi: {
            actor: where.actor ?? { name: where.learner?.name ?? 'Guest' },
            flowActivityId: `${origin}/viewer/flows/${flowId}`,
            flowName: where.flowName,
            contextActivities: where.assignmentActivityId
              ? { grouping: [{ objectType: 'Activity' as const, id: where.assignmentActivityId }] }
              : undefined,
            registration: where.registration ?? registration,
            platform: 'Flowlearn player',
            language: where.language,
          },
        }
      : {}),
    onEvent: (e) => {
      if (e.type === 'ai-piece') onPiece(e.nodeId, e.text);
    },
  };
}
