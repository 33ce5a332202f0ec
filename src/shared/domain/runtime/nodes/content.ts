import { next, type TNodeExecutor } from '../executor';
import { type TValue, text } from '../values';
import { documentText, formsText, mediaInput, mediaUrl, present, urlSetting } from './helpers';

/** Input and content blocks: values authors set (read when a consumer runs), Merge Text, Show PDF. */

const holder = (make: TNodeExecutor['values']): TNodeExecutor => ({ run: () => next(), values: make });

/** Text: data.text, else the forms, one per line; {{name}} filled from the run's variables. */
const textNode = holder((ctx): Record<string, TValue> => {
  const body = ctx.settings.text(['text', 'content']) ?? formsText(ctx);
  if (body === undefined) {
    ctx.issue('setting-invalid', 'warning', { detail: 'text' });
    return {};
  }
  return { text: text(ctx.interpolate(body)) };
});

const mediaHolder = (handle: 'image' | 'speech', ...keys: string[]): TNodeExecutor =>
  holder((ctx): Record<string, TValue> => {
    const ref = urlSetting(ctx, ...keys);
    if (!ref) {
      ctx.issue('setting-invalid', 'warning', { detail: 'url' });
      return {};
    }
    const url = mediaUrl(ctx, ref);
    if (handle === 'speech') return { speech: { type: 'speech', url } };
    return { image: { type: 'image', url, alt: ctx.settings.text(['alt']) ?? ctx.label } };
  });

/** JSON Block: data.json (an object, or JSON text), else the first form as JSON text. */
const jsonBlockNode = holder((ctx): Record<string, TValue> => {
  const { value, invalid } = ctx.settings.json(['json', 'data'], 0);
  if (value === undefined) {
    ctx.issue(invalid ? 'json-invalid' : 'setting-invalid', 'warning', { detail: 'json' });
    return {};
  }
  return { json: { type: 'json', json: value } };
});

const bankValues = (bankId: string, inline: string): Record<string, TValue> => ({
  bank: { type: 'bank', bankId },
  knowledge: { type: 'knowledge', bankId, text: inline },
});

/** Knowledge banks: the AI port retrieves from the bank id; data.text is sent inline when present. */
const knowledgeBank = holder((ctx) => {
  const bankId = ctx.settings.text(['bankId', 'knowledgeBankId'], 0);
  if (!bankId) {
    ctx.issue('setting-invalid', 'warning', { detail: 'bankId' });
    return {};
  }
  return bankValues(bankId, ctx.settings.text(['text']) ?? '');
});

export const CONTENT_EXECUTORS: Record<string, TNodeExecutor> = {
  textNode,
  imageNode: mediaHolder('image', 'image', 'src'),
  audioNode: mediaHolder('speech', 'audio', 'src'),
  jsonBlockNode,
  knowledgeBankNode: knowledgeBank,
  organizationKnowledgeBankNode: knowledgeBank,

  /** Merge Text: first + separator (data.separator, default a new line) + second. */
  textMergeNode: {
    run(ctx) {
      const parts = ['first', 'second'].map((h) => ctx.text(h)).filter((p): p is string => p !== undefined);
      if (parts.length === 0) return next();
      const separator = (ctx.settings.raw('separator') as string | undefined) ?? '\n';
      return next({ merged: text(parts.join(typeof separator === 'string' ? separator : '\n')) });
    },
  },

  /** Show PDF: the linked file or data.url; its text goes on when the storage port can read it. */
  pdfDisplayNode: {
    async run(ctx) {
      const url = mediaInput(ctx, 'file', 'file', 'pdf');
      if (!url) return next();
      const body = await documentText(ctx, url);
      return present(ctx, { kind: 'pdf', url }, body === null ? undefined : { text: text(body) });
    },
  },

  /** Load Knowledge Bank by ID: the linked text names the bank. */
  loadKnowledgeByBankIDNode: {
    run(ctx) {
      const bankId = ctx.text('bankId', ctx.settings.text(['bankId'], 0))?.trim();
      return bankId ? next(bankValues(bankId, '')) : next();
    },
  },
};
