import { next, type TNodeExecutor } from '../executor';
import { extractJson, text } from '../values';

/** Pure data blocks: they reshape the linked text without a model. */

/** The parts of a text: by data.separator; else by `---` lines when there are some; else by paragraphs. */
export function splitParts(body: string, separator?: string): string[] {
  const pattern = separator ? separator : /^\s*-{3,}\s*$/m.test(body) ? /^\s*-{3,}\s*$/m : /\n\s*\n/;
  return body
    .split(pattern)
    .map((p) => p.trim())
    .filter(Boolean);
}

export const DATA_EXECUTORS: Record<string, TNodeExecutor> = {
  /** AI Output Splitter: parts 1 and 2, and everything after them in part 3. */
  aiOutputSplitterNode: {
    run(ctx) {
      const body = ctx.text('text');
      if (body === undefined) return next();
      const parts = splitParts(body, ctx.settings.text(['separator']));
      const [p1 = '', p2 = '', ...rest] = parts;
      return next({ part1: text(p1), part2: text(p2), part3: text(rest.join('\n\n')) });
    },
  },

  /** JSON Builder: the JSON found in the linked text (a model's answer), else {"text": the text}. */
  jsonBuilderNode: {
    run(ctx) {
      const body = ctx.text('text');
      if (body === undefined) return next();
      return next({ json: { type: 'json', json: extractJson(body) ?? { text: body } } });
    },
  },

  /** CSV Builder: the linked text's lines (or comma-separated values) as one row, under data.columns / forms. */
  csvBuilderNode: {
    run(ctx) {
      const body = ctx.text('data');
      if (body === undefined) return next();
      const raw = ctx.settings.raw('columns');
      const header = Array.isArray(raw)
        ? raw.filter((c): c is string => typeof c === 'string')
        : ctx.settings.formValues().map((f) => f.value);
      const cells = body.includes('\n') ? body.split('\n') : body.split(',');
      const row = cells.map((c) => c.trim());
      return next({ csv: { type: 'csv', rows: header.length ? [header, row] : [row] } });
    },
  },
};
