import type { Context } from 'hono';
import { CREDITS_CHANGED_HEADER } from '../../shared/contract/credits';

/** Tells the client that this answer moved credits, so the navbar balance refreshes (quickBalance). */
export function markCreditsChanged(c: Context): void {
  c.header(CREDITS_CHANGED_HEADER, '1');
}
