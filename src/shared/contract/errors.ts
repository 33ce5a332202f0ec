import { z } from 'zod';
import { zText } from './text';

/** Error codes the client reacts to specially (spec 01 §8, spec 03 §8) plus our own generic ones. */
export const ErrorCode = {
  UNIT_BALANCE_INSUFFICIENT: 'UNIT_BALANCE_INSUFFICIENT',
  ORG_UNIT_BALANCE_INSUFFICIENT: 'ORG_UNIT_BALANCE_INSUFFICIENT',
  ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED: 'ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | (string & {});

/** Every non-2xx answer of the API has this shape. */
export const ZErrorEnvelope = z.object({
  message: z.union([zText(), z.array(zText())]),
  errorCode: zText().optional(),
  details: z.unknown().optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** One issue of a rejected request, with the dotted path of the field it concerns. */
export const ZFieldIssue = z.object({ field: zText(), message: zText() });
export type TFieldIssue = z.infer<typeof ZFieldIssue>;
