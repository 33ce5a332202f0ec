import { showContent, type TNodeContext, type TOutcome } from '../executor';
import type { TShowContent } from '../learner';
import type { TValue } from '../values';

/** A stored file key → a URL, through the storage port; without one (or if it fails) the key is kept. */
export function mediaUrl(ctx: TNodeContext, ref: string): string {
  const storage = ctx.ports.storage;
  if (!storage) return ref;
  try {
    return storage.mediaUrl(ref);
  } catch {
    ctx.issue('port-missing', 'warning', { detail: 'storage' });
    return ref;
  }
}

/** Every non-empty form value, one per line: the body of a text-like block set through its forms. */
export const formsText = (ctx: TNodeContext): string | undefined => {
  const values = ctx.settings.formValues().map((f) => f.value);
  return values.length ? values.join('\n') : undefined;
};

/** A URL-like setting: data.url (or the other keys), else the first form. */
export const urlSetting = (ctx: TNodeContext, ...keys: string[]): string | undefined =>
  ctx.settings.text(['url', ...keys], 0)?.trim() || undefined;

/** Shows content, records that the learner experienced it, then waits for Next (see showContent). */
export async function present(
  ctx: TNodeContext,
  content: TShowContent,
  outputs?: Record<string, TValue>,
): Promise<TOutcome> {
  await ctx.record({ verb: 'experienced', kind: 'media' });
  return showContent(ctx, content, outputs);
}

/** An input whose value must be a URL-carrying media value, or the block's own URL setting. */
export function mediaInput(ctx: TNodeContext, handleId: string, ...keys: string[]): string | undefined {
  const linked = ctx.input(handleId);
  if (linked && 'url' in linked) return linked.url;
  const own = urlSetting(ctx, ...keys);
  if (own) return mediaUrl(ctx, own);
  ctx.missing(handleId);
  return undefined;
}

/** The text of a stored document through the storage port, or null (no port, not readable, failed). */
export async function documentText(ctx: TNodeContext, url: string): Promise<string | null> {
  try {
    return (await ctx.ports.storage?.documentText?.(url)) ?? null;
  } catch {
    return null;
  }
}
