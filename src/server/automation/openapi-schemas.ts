import { ErrorCode, type TErrorCode } from '../../shared/contract/errors';
import { ISSUE_CODES, type TRuntimeIssue } from '../../shared/domain/runtime/state';

/** The runtime's severities, as a record so the build breaks if the runtime gains one this lacks. */
const SEVERITY: Record<TRuntimeIssue['severity'], true> = { info: true, warning: true, error: true };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An error envelope whose errorCode is one of `codes` (what one status of the run call really carries). */
export const envelopeWith = (codes: ReadonlyArray<TErrorCode>, details?: Record<string, unknown>) => ({
  allOf: [
    ref('Error'),
    {
      type: 'object',
      required: details ? ['errorCode', 'details'] : ['errorCode'],
      properties: { errorCode: { type: 'string', enum: [...codes] }, ...(details ? { details } : {}) },
    },
  ],
});

/**
 * Schemas of the OpenAPI document (openapi.ts). Built from the code's own lists (ISSUE_CODES,
 * ErrorCode), so a new issue code or error code reaches integrators' generated clients without a
 * second list to forget.
 */
export function runSchemas() {
  return {
    ErrorCode: {
      type: 'string',
      enum: Object.values(ErrorCode),
      description: 'Machine-readable reason of an error answer; `message` is for people.',
    },
    Error: {
      type: 'object',
      description: 'The envelope of every non-2xx answer that is not a RunResult.',
      required: ['message'],
      properties: {
        message: { type: 'string', description: 'What went wrong, in English, naming the field at fault.' },
        errorCode: ref('ErrorCode'),
        details: { description: 'Structured detail of some errors (see each answer).' },
      },
    },
    RuntimeIssue: {
      type: 'object',
      description:
        'A condition the flow runtime reported. Severity `error` ended the run; `warning` and `info` are for authors and logs.',
      required: ['code', 'severity', 'messageKey'],
      properties: {
        code: { type: 'string', enum: [...ISSUE_CODES] },
        severity: { type: 'string', enum: Object.keys(SEVERITY) },
        messageKey: {
          type: 'string',
          description: 'Translation key of the message Flowlearn shows for it: `runtime.issues.<code>`.',
        },
        nodeId: { type: 'string', description: 'The block it concerns.' },
        nodeType: { type: 'string', description: "That block's type (e.g. `aiGeneralFeedback`)." },
        handleId: { type: 'string' },
        edgeId: { type: 'string' },
        detail: {
          type: 'string',
          description:
            "A machine detail: a port's error code (UNIT_BALANCE_INSUFFICIENT…), a setting's name, or for `answer-required` the input key that had no value.",
        },
      },
    },
    RunResult: {
      type: 'object',
      required: ['runId', 'status', 'outputs', 'variables', 'issues', 'credits', 'durationMs'],
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
        issues: { type: 'array', items: ref('RuntimeIssue'), description: 'Everything the run reported.' },
        error: { ...ref('RuntimeIssue'), description: 'Why the run stopped (status failed).' },
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
            required: ['name', 'content'],
            properties: { name: { type: 'string' }, content: { type: 'string' } },
          },
        },
        message: { type: 'string', description: 'When the run failed: why, in English.' },
        errorCode: {
          type: 'string',
          enum: [ErrorCode.UNIT_BALANCE_INSUFFICIENT],
          description: "Set (with HTTP 400) when a block's AI call could not be paid from the key's balance.",
        },
      },
    },
  };
}
