import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  ZCreateTaskRequest,
  ZTaskIdParam,
  ZTaskJournalsQuery,
  ZTaskListQuery,
  ZTaskStatusRequest,
  ZTaskUsageQuery,
  ZUpdateTaskRequest,
} from '../../shared/contract/automation';
import { ZGenerateNameRequest } from '../../shared/contract/tools';
import { markCreditsChanged } from '../credits/credits.http';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { bodyText, jsonBody, params, query } from '../http/validate';
import { callerOf as toolCallerOf } from '../tools/caller';
import { createToolNamingService } from '../tools/tool-naming.service';
import { createToolsService } from '../tools/tools.service';
import type { TaskSpace } from './automation.repo';
import { createAutomationService } from './automation.service';
import { taskRunOpenApi } from './openapi';
import { createTaskRunner, keyFromHeaders } from './run.service';
import { createTaskTrial } from './try-run';

const spaceOf = (c: Context<AppEnv>): TaskSpace => {
  const { orgId, role } = c.get('space');
  return { userId: c.get('auth').userId, orgId, isOrgAdmin: orgId !== null && role === 'admin' };
};

/** The run's input: a JSON object (an empty body is {}). */
async function runInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await bodyText(c);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('body: must be a JSON object of the flow inputs');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('body: must be a JSON object of the flow inputs');
  return value as Record<string, unknown>;
}

/**
 * /api/tasks (spec 03 §7). Managing routes: a signed-in member of the space in the orgId header; a
 * task is managed by its owner and the organisation's admins (404 for anyone else).
 * POST /api/tasks/{id}/run: public, authenticated by an API key of the task's space.
 */
export function automationRoutes(deps: AppDeps) {
  const tasks = createAutomationService(deps);
  const runner = createTaskRunner(deps);
  const trial = createTaskTrial(deps);
  const naming = createToolNamingService(deps, createToolsService(deps));
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const id = (c: Context<AppEnv>) => params(c, ZTaskIdParam).id;
  const publicOrigin = (c: Context<AppEnv>) =>
    deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;

  return (
    new Hono<AppEnv>()
      // public: the description of the task-run call for integrators
      .get('/openapi.json', (c) => c.json(taskRunOpenApi(publicOrigin(c))))
      // API key of the task's space (no user session)
      .post('/tasks/:id/run', async (c) => {
        const taskId = c.req.param('id');
        const secret = keyFromHeaders(c.req.header('authorization'), c.req.header('x-api-key'));
        let prepared: Awaited<ReturnType<typeof runner.prepare>>;
        try {
          prepared = await runner.prepare(secret, taskId, publicOrigin(c));
        } catch (error) {
          if (error instanceof AppError && error.status === 429) {
            c.header('Retry-After', String((error.details as { retryAfter?: number })?.retryAfter ?? 60));
          }
          throw error;
        }
        const input = await runInput(c);
        if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
          const answer = await runner.execute(prepared, input, undefined, c.req.raw.signal);
          return c.json(answer.body, answer.status);
        }
        return streamSSE(c, async (stream) => {
          const events: Promise<void>[] = [];
          try {
            const answer = await runner.execute(
              prepared,
              input,
              (e) => {
                if (e.type === 'node' || e.type === 'ai-piece')
                  events.push(stream.writeSSE({ event: e.type, data: JSON.stringify(e) }));
              },
              c.req.raw.signal,
            );
            await Promise.all(events);
            await stream.writeSSE({
              event: 'result',
              data: JSON.stringify({ httpStatus: answer.status, ...answer.body }),
            });
          } catch (error) {
            const e = error instanceof AppError ? error : null;
            await stream.writeSSE({
              event: 'error',
              data: JSON.stringify({
                httpStatus: e?.status ?? 500,
                message: e?.message ?? 'The run failed',
                errorCode: e?.code,
              }),
            });
          }
        });
      })
      // signed in: the task page's "Run with inputs" (try-run.ts), paid by the caller's space
      .post('/tasks/:id/try', auth, scope, async (c) => {
        const prepared = await trial.prepare(spaceOf(c), id(c), publicOrigin(c));
        const answer = await runner.execute(prepared, await runInput(c), undefined, c.req.raw.signal);
        return c.json(answer.body, answer.status);
      })
      .post('/tasks/generate-name-description', auth, scope, async (c) => {
        const body = await jsonBody(c, ZGenerateNameRequest);
        const { charged, ...answer } = await naming.generate(toolCallerOf(c), body.flows, c.req.raw.signal);
        if (charged) markCreditsChanged(c);
        return c.json(answer);
      })
      .post('/tasks', auth, scope, async (c) => {
        const body = await jsonBody(c, ZCreateTaskRequest);
        return c.json(await tasks.create(spaceOf(c), body), 201);
      })
      .get('/tasks', auth, scope, async (c) => c.json(await tasks.list(spaceOf(c), query(c, ZTaskListQuery))))
      .get('/tasks/:id/detail', auth, scope, async (c) =>
        c.json({ data: await tasks.detail(spaceOf(c), id(c)) }),
      )
      .get('/tasks/:id/slots', auth, scope, async (c) => c.json(await tasks.slots(spaceOf(c), id(c))))
      .get('/tasks/:id/usage', auth, scope, async (c) => {
        const taskId = id(c);
        return c.json({ usage: await tasks.usage(spaceOf(c), taskId, query(c, ZTaskUsageQuery)) });
      })
      .get('/tasks/:id/journals', auth, scope, async (c) => {
        const taskId = id(c);
        return c.json({ journals: await tasks.journals(spaceOf(c), taskId, query(c, ZTaskJournalsQuery)) });
      })
      .get('/tasks/:id/usage/export', auth, scope, async (c) => {
        const taskId = id(c);
        const csv = await tasks.usageCsv(spaceOf(c), taskId, query(c, ZTaskUsageQuery));
        return c.body(csv, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="task_usage.csv"',
        });
      })
      .put('/tasks/:id/status', auth, scope, async (c) => {
        const taskId = id(c);
        const body = await jsonBody(c, ZTaskStatusRequest);
        return c.json(await tasks.setStatus(spaceOf(c), taskId, body.status));
      })
      .put('/tasks/:id', auth, scope, async (c) => {
        const taskId = id(c);
        const body = await jsonBody(c, ZUpdateTaskRequest);
        return c.json(await tasks.update(spaceOf(c), taskId, body));
      })
      .delete('/tasks/:id', auth, scope, async (c) => c.json(await tasks.remove(spaceOf(c), id(c))))
  );
}
