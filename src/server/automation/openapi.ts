import { TASK_RUN_FEE, TASK_RUNS_PER_MINUTE } from '../../shared/contract/automation';

const error = (description: string, example: Record<string, unknown>) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
});

/**
 * OpenAPI 3.1 description of the public call: running an automation task with an API key
 * (GET /api/openapi.json; linked from the task page). Kept next to the route it describes.
 */
export function taskRunOpenApi(origin: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Flowlearn automation API',
      version: '1.0.0',
      description: `Run a Flowlearn flow from your own system. Create an API key under API key management, top it up with credits, and call a task with the flow's inputs as JSON. Each run costs ${TASK_RUN_FEE} credits plus the AI usage of its blocks, paid from the key's balance. At most ${TASK_RUNS_PER_MINUTE} runs per key per minute.`,
    },
    servers: [{ url: origin }],
    security: [{ bearerKey: [] }, { headerKey: [] }],
    paths: {
      '/api/tasks/{taskId}/run': {
        post: {
          operationId: 'runTask',
          summary: 'Run a task',
          description:
            "Runs the task's flow without a learner: blocks that would ask a learner take their value from the input JSON, keyed by the block's label (or node id); an array gives one value per visit. Send `Accept: text/event-stream` to receive progress as server-sent events (`node`, `ai-piece`) and a final `result` event.",
          parameters: [
            {
              name: 'taskId',
              in: 'path',
              required: true,
              description: 'The task ID shown on the task page.',
              schema: { type: 'string', pattern: '^[0-9a-f]{24}$' },
            },
          ],
          requestBody: {
            required: false,
            content: {
              'application/json': {
                schema: { type: 'object', additionalProperties: true },
                example: {
                  Essay: 'Trees turn sunlight into sugar.',
                  Quiz: { q1: 'B' },
                  Chat: ['Hi', 'Thanks'],
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The flow ran to its end.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/RunResult' } } },
            },
            '400': error('Bad input, or the key cannot pay (errorCode UNIT_BALANCE_INSUFFICIENT).', {
              message: "Not enough units: this API key's credit balance is too low",
              errorCode: 'UNIT_BALANCE_INSUFFICIENT',
            }),
            '401': error('No API key, an unknown one, or a refunded one.', { message: 'Invalid API key' }),
            '404': error("No such task in the key's space.", { message: 'Task not found' }),
            '409': error('The task is paused.', { message: 'This task is paused.' }),
            '422': {
              description: 'The flow stopped: the input had no value for a block, or a block failed.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/RunResult' } } },
            },
            '429': error('Too many runs with this key; see Retry-After.', {
              message: 'Too many runs with this API key. Please slow down.',
              errorCode: 'RATE_LIMITED',
            }),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer flk_…' },
        headerKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string' }, errorCode: { type: 'string' } },
        },
        RunResult: {
          type: 'object',
          required: ['runId', 'status', 'outputs', 'credits'],
          properties: {
            runId: { type: 'string' },
            status: { type: 'string', enum: ['done', 'failed'] },
            outputs: {
              type: 'object',
              description: 'By node id: { nodeType, label, values: { output handle: value } }.',
              additionalProperties: {
                type: 'object',
                properties: {
                  nodeType: { type: 'string' },
                  label: { type: 'string' },
                  values: { type: 'object', additionalProperties: true },
                },
              },
            },
            variables: { type: 'object', additionalProperties: { type: 'string' } },
            issues: { type: 'array', items: { type: 'object' } },
            error: { type: 'object', description: 'Why the run stopped (status failed).' },
            credits: { type: 'number', description: 'What this run cost, in credits.' },
            durationMs: { type: 'number' },
            registration: {
              type: 'string',
              description: "The xAPI registration (UUID) of the run's statements in the task space's LRS.",
            },
            statements: { type: 'integer', description: 'How many xAPI statements the run stored.' },
            journals: {
              type: 'array',
              description:
                'Journals the run’s journal blocks wrote (kept with this run; the task’s managers read them on the task page).',
              items: {
                type: 'object',
                properties: { name: { type: 'string' }, content: { type: 'string' } },
              },
            },
            message: { type: 'string' },
          },
        },
      },
    },
  };
}
