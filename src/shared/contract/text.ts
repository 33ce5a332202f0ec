import { z } from 'zod';

/**
 * Every string a request carries goes through this helper instead of `z.string()`: PostgreSQL
 * refuses the NUL character (U+0000) in text and JSONB, so a NUL that reached the database gave a
 * 500. Refused here, it is a 400 that names the field like any other bad input.
 * The result is a plain ZodString: `.trim()`, `.min()`, `.max()`, `.email()`… chain as usual.
 * A test (tests/unit/contract-text.test.ts) keeps `z.string()` out of src/shared/contract.
 */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

export const noNul = (s: string): boolean => !s.includes('\u0000');

export function zText(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).refine(noNul, NUL_MESSAGE);
}
