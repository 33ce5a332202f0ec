import { next, type TNodeContext, type TNodeExecutor, type TOutcome } from '../executor';
import { type TValue, text } from '../values';
import { only, onServer } from './server-call';

/** Puts one file or text in Drive through the server and passes the Drive file on. */
async function toDrive(ctx: TNodeContext, inputs: Record<string, TValue>): Promise<TOutcome> {
  const done = await onServer(ctx, inputs, ctx.label);
  return next(done ? only(done.outputs, 'drive') : undefined);
}

/**
 * Write to Google Sheet, Send Gmail and Google Drive Upload: the server calls Google with the operator's connected account
 * (server-call.ts). Unconnected, the block reports 'service-not-configured' (GOOGLE_NOT_CONNECTED)
 * and the walk goes on. Sheet, recipient, subject and Drive folder are read by the server from the saved flow.
 */
export const GOOGLE_EXECUTORS: Record<string, TNodeExecutor> = {
  /** The linked rows are appended to the sheet (spec 01 §4: only a CSV link feeds this block). */
  writeToGoogleSpreadsheetNode: {
    async run(ctx): Promise<TOutcome> {
      const csv = ctx.input('csv');
      if (!csv) {
        ctx.missing('csv');
        return next();
      }
      await onServer(ctx, { csv }, ctx.label);
      return next();
    },
  },

  /** The linked message, else data.body (third form), to the author's recipient. */
  sentGmailNode: {
    async run(ctx): Promise<TOutcome> {
      const body = ctx.text('body', ctx.settings.text(['body'], 2));
      if (body === undefined) return next();
      await onServer(ctx, { body: text(body) }, ctx.label);
      return next();
    },
  },

  /**
   * Google Drive Upload: the linked file, else the linked text; with neither linked the learner picks a
   * file (the catalogue's "lets the learner upload a file"), which the player uploads first.
   */
  googleDriveUploadNode: {
    run(ctx): TOutcome | Promise<TOutcome> {
      const linked = ctx.input('file') ?? ctx.input('text');
      if (linked) return toDrive(ctx, { [linked.type === 'file' ? 'file' : 'text']: linked });
      const prompt = ctx.interpolate(ctx.settings.text(['question'], 2) ?? ctx.label);
      return {
        kind: 'wait',
        request: { kind: 'media', media: 'file', prompt, accept: '*/*', capture: false },
      };
    },
    async answer(ctx, answer) {
      if (answer.kind !== 'media') return next();
      await ctx.record({
        verb: 'answered',
        evidence: { id: answer.url, description: answer.name ?? ctx.label },
      });
      const file: TValue = {
        type: 'file',
        url: answer.url,
        ...(answer.name ? { name: answer.name } : {}),
        ...(answer.mediaType ? { mediaType: answer.mediaType } : {}),
      };
      return toDrive(ctx, { file });
    },
  },
};
