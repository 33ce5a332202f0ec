import type { TTaskRunResult } from '../../shared/contract/automation';
import { TASK_RUN_FEE, TASK_RUNS_PER_MINUTE } from '../../shared/contract/automation';
import { ErrorCode } from '../../shared/contract/errors';
import { creditsToNumber, formatCredits, parseCredits } from '../../shared/domain/decimal';
import { isId, newId } from '../../shared/domain/ids';
import {
  jsonInputProvider,
  runHeadless,
  type TRunEvent,
  type TRunFlow,
  type TRuntimeIssue,
  type TXapiActor,
} from '../../shared/domain/runtime';
import { apiKeySecretHash, apiKeyWallet } from '../api-keys/api-keys.service';
import { createServerBlocks } from '../blocks/server-blocks';
import { createCreditsService, type TWalletOwner } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { AppError, conflict, notFound, unauthenticated } from '../http/errors';
import { authorizeRun, type RunTask, recordUsage } from './automation.repo';
import { createRunJournals, createRunRecorder } from './run-records';
import { keyPaidMedia } from './task-media';
import { cryptoRandom, keyPaidAi, virtualClock } from './task-ports';

const RATE_WINDOW_MS = 60_000;
const CREDIT_CODES = new Set<string>([
  ErrorCode.UNIT_BALANCE_INSUFFICIENT,
  ErrorCode.ORG_UNIT_BALANCE_INSUFFICIENT,
  ErrorCode.ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED,
]);

/** The API key of a request: `Authorization: Bearer <key>` or `x-api-key: <key>`. */
export function keyFromHeaders(
  authorization: string | undefined,
  xApiKey: string | undefined,
): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  return bearer || xApiKey?.trim() || null;
}

/** Who runs a task: an API key (POST run), or a member trying it from the task page (POST try). */
export interface RunCaller {
  /** The wallet the run fee and every AI call of the run are paid from. */
  payer: TWalletOwner;
  /** The xAPI actor of the run's statements. */
  actor: TXapiActor;
  /** The key whose usage the run counts in; null for a try, which is not API usage. */
  apiKeyId: string | null;
}

export interface PreparedRun {
  caller: RunCaller;
  task: RunTask;
  flow: TRunFlow;
  flowName: string;
  /** This server's address, for the activity ids of the run's xAPI statements. */
  origin: string;
}

export interface RunAnswer {
  status: 200 | 400 | 422;
  body: TTaskRunResult & { message?: string; errorCode?: string };
}

function describe(error: TRuntimeIssue): string {
  if (error.code === 'answer-required')
    return `The input JSON has no value for the block "${error.detail || error.nodeId}".`;
  const where = error.nodeId ? ` at block "${error.nodeId}"` : '';
  return `The run stopped${where}: ${error.code}${error.detail ? ` (${error.detail})` : ''}.`;
}

/**
 * POST /api/tasks/{id}/run: authenticate the key, check the task, then run its flow headless with the
 * shared runtime (src/shared/domain/runtime), paid from the key's wallet: the run fee is charged
 * before the run (and refunded if the run fails on our side); every AI call reserves and settles on its own (task-ports.ts).
 */
export function createTaskRunner(deps: AppDeps) {
  const db = deps.database.db;
  const credits = createCreditsService(deps);
  const serverBlocks = createServerBlocks(deps);
  const fee = parseCredits(TASK_RUN_FEE);

  return {
    /** Everything that can refuse the call before it runs: 401, 429, 404, 409. */
    async prepare(secret: string | null, taskId: string, origin = 'http://localhost'): Promise<PreparedRun> {
      if (!secret)
        throw unauthenticated('An API key is required (Authorization: Bearer <key> or x-api-key).');
      const hash = apiKeySecretHash(secret);
      const now = new Date();
      const found = hash
        ? await authorizeRun(db, hash, isId(taskId) ? taskId : null, now, RATE_WINDOW_MS)
        : null;
      if (!found) throw unauthenticated('Invalid API key');
      const { key, task, flow, hits } = found;
      if (hits.count > TASK_RUNS_PER_MINUTE) {
        const retryAfter = Math.max(
          1,
          Math.ceil((hits.windowStart.getTime() + RATE_WINDOW_MS - now.getTime()) / 1000),
        );
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          429,
          'Too many runs with this API key. Please slow down.',
          {
            retryAfter,
          },
        );
      }
      // A key calls the tasks of its own space only: an organisation's, or its owner's personal ones.
      const sameSpace =
        task && task.orgId === key.orgId && (key.orgId !== null || task.ownerId === key.ownerId);
      if (!task || !sameSpace) throw notFound('Task');
      if (task.status !== 'live') throw conflict(`This task is ${task.status}.`);
      if (!flow) throw notFound('Flow');
      const base = origin.replace(/\/+$/, '');
      const caller: RunCaller = {
        payer: apiKeyWallet(key.id),
        actor: {
          objectType: 'Agent',
          name: key.name,
          account: { homePage: base, name: `api-key:${key.id}` },
        },
        apiKeyId: key.id,
      };
      return {
        caller,
        task,
        flow: { id: task.flowId, nodes: flow.nodes, edges: flow.edges } as TRunFlow,
        flowName: flow.name,
        origin: base,
      };
    },

    async execute(
      p: PreparedRun,
      input: unknown,
      onEvent?: (e: TRunEvent) => void,
      signal?: AbortSignal,
    ): Promise<RunAnswer> {
      const runId = newId();
      const started = Date.now();
      const payer = p.caller.payer;
      const reference = `task:${p.task.id}`;
      // The fee is known before the run: one charge (a third round trip less than reserve + settle).
      const chargeKey = `task-run:${runId}`;
      await credits.charge({ payer, amount: fee, reference, idempotencyKey: chargeKey });
      const ai = keyPaidAi(deps, credits, {
        payer,
        runId,
        reference,
        signal,
        // Read when a Local AI Model block asks, inside the run (a graph that cannot be read fails there).
        nodes: () => p.flow.nodes,
        // A knowledge bot reads the banks of the task's space, as the player reads the assignment's.
        space: { orgId: p.task.orgId, userId: p.task.ownerId },
      });
      const media = keyPaidMedia(deps, credits, { payer, runId, reference, signal });
      const recorder = createRunRecorder(deps, p, p.origin);
      const journals = createRunJournals(deps, { taskId: p.task.id, runId, flowId: p.task.flowId });
      let result: Awaited<ReturnType<typeof runHeadless>>;
      try {
        result = await runHeadless(p.flow, jsonInputProvider(input), {
          ports: {
            ai,
            media,
            xapi: recorder.port,
            journals: journals.port,
            serverBlocks: serverBlocks.portFor(p.flow, { userId: p.task.ownerId, orgId: p.task.orgId }),
            clock: virtualClock(),
            random: cryptoRandom,
          },
          xapi: recorder.context,
          onEvent,
        });
      } catch (error) {
        await credits.refund({ payer, amount: fee, chargeKey, reference }).catch(() => undefined);
        await journals.discard().catch(() => undefined);
        throw error;
      }
      const total = fee + ai.charged() + media.charged();
      const durationMs = Date.now() - started;
      const status = result.status === 'done' ? 'done' : 'failed';
      // The statements go to the LRS as a player run's do; a refused one does not undo the paid run.
      const statementIds = await recorder.store().catch((error: unknown) => {
        deps.logger.warn('task run statements not stored', { runId, error: String(error) });
        return [] as string[];
      });
      if (p.caller.apiKeyId)
        await recordUsage(
          db,
          {
            id: runId,
            taskId: p.task.id,
            apiKeyId: p.caller.apiKeyId,
            credits: formatCredits(total),
            status,
            durationMs,
          },
          new Date(),
        );
      const body: RunAnswer['body'] = {
        runId,
        status,
        outputs: result.outputs,
        variables: result.variables,
        issues: result.issues,
        ...(result.error ? { error: result.error } : {}),
        credits: creditsToNumber(total),
        durationMs,
        registration: recorder.registration,
        statements: statementIds.length,
        journals: (await journals.list()).map((j) => ({ name: j.name, content: j.content })),
      };
      if (status === 'done') return { status: 200, body } satisfies RunAnswer;
      const error = result.error as TRuntimeIssue;
      if (error.detail && CREDIT_CODES.has(error.detail)) {
        return {
          status: 400,
          body: {
            ...body,
            errorCode: error.detail,
            message: p.caller.apiKeyId
              ? "Not enough units: this API key's credit balance is too low"
              : 'Not enough units to pay for this run',
          },
        } satisfies RunAnswer;
      }
      return { status: 422, body: { ...body, message: describe(error) } } satisfies RunAnswer;
    },
  };
}
