import { TASK_RUN_FEE, TASK_RUNS_PER_MINUTE } from '../../shared/contract/automation';
import { ErrorCode, type TErrorCode } from '../../shared/contract/errors';
import { envelopeWith, runSchemas } from './openapi-schemas';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An error answer: the envelope, with the error codes this status really carries. */
const error = (
  description: string,
  codes: ReadonlyArray<TErrorCode>,
  example: Record<string, unknown>,
  details?: Record<string, unknown>,
) => ({
  description,
  content: { 'application/json': { schema: envelopeWith(codes, details), example } },
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
            '400': {
              description:
                "Bad input (VALIDATION_ERROR: the body is not a JSON object), or the key's balance cannot pay: the run fee before the run (an error envelope), or a block's AI call during it (a RunResult with errorCode).",
              content: {
                'application/json': {
                  schema: {
                    anyOf: [
                      envelopeWith([ErrorCode.VALIDATION_ERROR, ErrorCode.UNIT_BALANCE_INSUFFICIENT]),
                      ref('RunResult'),
                    ],
                  },
                  example: {
                    message: "Not enough units: this API key's credit balance is too low",
                    errorCode: 'UNIT_BALANCE_INSUFFICIENT',
                  },
                },
              },
            },
            '401': error('No API key, an unknown one, or a refunded one.', [ErrorCode.UNAUTHENTICATED], {
              message: 'Invalid API key',
              errorCode: 'UNAUTHENTICATED',
            }),
            '404': error(
              "No such task in the key's space (or its flow was deleted).",
              [ErrorCode.NOT_FOUND],
              {
                message: 'Task not found',
                errorCode: 'NOT_FOUND',
              },
            ),
            '409': error('The task is paused or completed.', [ErrorCode.CONFLICT], {
              message: 'This task is paused.',
              errorCode: 'CONFLICT',
            }),
            '413': error('The input JSON is larger than the server accepts.', [ErrorCode.PAYLOAD_TOO_LARGE], {
              message: 'Request body is larger than 10 MB',
              errorCode: 'PAYLOAD_TOO_LARGE',
            }),
            '422': {
              description:
                'The flow stopped: the input had no value for a block (error.code `answer-required`, error.detail the input key), or a block failed (error.code says how).',
              content: { 'application/json': { schema: ref('RunResult') } },
            },
            '429': {
              ...error(
                'Too many runs with this key; wait the seconds in Retry-After (also details.retryAfter).',
                [ErrorCode.RATE_LIMITED],
                {
                  message: 'Too many runs with this API key. Please slow down.',
                  errorCode: 'RATE_LIMITED',
                  details: { retryAfter: 12 },
                },
                { type: 'object', required: ['retryAfter'], properties: { retryAfter: { type: 'integer' } } },
              ),
              headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
            },
            '500': error('A fault on our side; the run fee is refunded.', [ErrorCode.INTERNAL], {
              message: 'Internal server error',
              errorCode: 'INTERNAL',
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
      schemas: runSchemas(),
    },
  };
}
