import { next, type TNodeExecutor, type TOutcome } from '../executor';
import type { TValue } from '../values';
import { text } from '../values';
import { urlSetting } from './helpers';
import { only, onServer } from './server-call';

/** API Call, Web Search, Web Crawler: run by the server (server-call.ts); failures are warnings. */
export const WEB_EXECUTORS: Record<string, TNodeExecutor> = {
  /**
   * API Call: the author's request (data.url, data.method, data.headers with `{{secret:NAME}}`) is read
   * by the server from the saved flow; the runtime sends only the linked body.
   */
  apiCallNode: {
    async run(ctx): Promise<TOutcome> {
      const body = ctx.input('body');
      const inputs: Record<string, TValue> = body ? { body } : {};
      const done = await onServer(ctx, inputs, ctx.label);
      return next(done && only(done.outputs, 'response'));
    },
  },

  /** Web Search: the linked query, else data.query (first form). */
  webSearchNode: {
    async run(ctx): Promise<TOutcome> {
      const query = ctx.text('query', ctx.settings.text(['query'], 0))?.trim();
      if (!query) return next();
      const done = await onServer(ctx, { query: text(query) }, query);
      return next(done && only(done.outputs, 'results'));
    },
  },

  /** Web Crawler: the linked page link, else data.url (first form). */
  webCrawlerNode: {
    async run(ctx): Promise<TOutcome> {
      const url = ctx.text('url', urlSetting(ctx))?.trim();
      if (!url) return next();
      const done = await onServer(ctx, { url: text(url) }, url);
      return next(done && only(done.outputs, 'content'));
    },
  },
};
