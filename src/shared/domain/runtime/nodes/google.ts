import { next, type TNodeExecutor, type TOutcome } from '../executor';
import { text } from '../values';
import { onServer } from './server-call';

/**
 * Write to Google Sheet and Send Gmail: the server calls Google with the operator's connected account
 * (server-call.ts). Unconnected, the block reports 'service-not-configured' (GOOGLE_NOT_CONNECTED)
 * and the walk goes on. Sheet, recipient and subject are read by the server from the saved flow.
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
};
