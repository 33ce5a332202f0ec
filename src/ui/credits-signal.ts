import { proxy } from 'valtio';

/**
 * Bumped whenever credits may have moved: an answer said so (X-Credits-Changed), a credit error came
 * back, a top-up went through. Whatever shows a balance (the navbar's quickBalance) reloads on it.
 */
export const creditsSignal = proxy({ version: 0 });

export function creditsChanged(): void {
  creditsSignal.version++;
}
