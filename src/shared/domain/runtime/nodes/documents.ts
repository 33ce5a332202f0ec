import { next, type TNodeExecutor, type TOutcome } from '../executor';
import type { TValue } from '../values';
import { present } from './helpers';
import { only, onServer } from './server-call';

/**
 * PDF from Template, Word, CSV to PDF and PowerPoint: the server makes the file (its template is the author's
 * data.template, first form, with `{{field}}` from the linked JSON; data.title, second form, else the
 * label), stores it, and answers a link. The learner sees a download in the feed and the file goes on
 * along the block's output (Document Download, Send Gmail…).
 */
async function makeDocument(
  ctx: Parameters<TNodeExecutor['run']>[0],
  inputs: Record<string, TValue>,
): Promise<TOutcome> {
  const done = await onServer(ctx, inputs, ctx.label);
  const file = done?.outputs.file;
  if (!done || file?.type !== 'file') return next();
  return present(
    ctx,
    { kind: 'download', url: file.url, name: file.name ?? ctx.label },
    only(done.outputs, 'file'),
  );
}

export const DOCUMENT_EXECUTORS: Record<string, TNodeExecutor> = {
  pdfFromTemplateNode: {
    run(ctx) {
      const data = ctx.input('data');
      return makeDocument(ctx, data ? { data } : {});
    },
  },
  /** Word Document from Template: as PDF from Template, as a .docx. */
  docxToTemplateNode: {
    run(ctx) {
      const data = ctx.input('data');
      return makeDocument(ctx, data ? { data } : {});
    },
  },
  /**
   * PowerPoint: the linked text, else the author's slides (form 1), becomes a deck (a heading or `---`
   * starts a slide; its first line is the title, the rest bullets); title form 2, else the label.
   */
  powerpointNode: {
    run(ctx) {
      const content = ctx.input('content');
      return makeDocument(ctx, content ? { content } : {});
    },
  },
  csvToPdfNode: {
    run(ctx) {
      const csv = ctx.input('csv');
      if (!csv) {
        ctx.missing('csv');
        return next();
      }
      return makeDocument(ctx, { csv });
    },
  },
};
