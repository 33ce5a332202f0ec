import {
  errorCodeOf,
  next,
  PortFailure,
  showContent,
  type TNodeContext,
  type TNodeExecutor,
} from '../executor';
import type { TLrsQuery } from '../ports';
import { makeIssue } from '../state';
import { isRecord, type TJson } from '../values';
import { type TXapiStatement, verbFromSetting, XAPI_VERBS } from '../xapi';

/**
 * Whiteboard, Widget, xAPI Report and Retrieve xAPI Statements: blocks that draw, or show the learner
 * data as a small table. Table cells are plain text (the player renders them as text, never as HTML).
 */

const MAX_ROWS = 100;
const MAX_CELL = 500;

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > MAX_CELL ? `${s.slice(0, MAX_CELL - 1)}…` : s;
};

/** A language map's text in the run's language, else its first entry. */
const nameOf = (map: unknown, lang: string): string => {
  if (!isRecord(map)) return '';
  const v = map[lang] ?? map['en-US'] ?? Object.values(map)[0];
  return typeof v === 'string' ? v : '';
};

const verbName = (s: TXapiStatement, lang: string): string =>
  nameOf(s.verb.display, lang) || (s.verb.id.split('/').pop() ?? s.verb.id);

const resultText = (s: TXapiStatement): string => {
  const r = s.result;
  if (!r) return '';
  if (r.score?.raw !== undefined) return r.score.max ? `${r.score.raw}/${r.score.max}` : String(r.score.raw);
  if (r.success !== undefined) return r.success ? '✓' : '✗';
  return r.response ?? (r.completion ? '✓' : '');
};

export const STATEMENT_COLUMNS = ['when', 'verb', 'activity', 'result'];

/** One row per statement: when, what was done, to what, with which result. */
export function statementRows(statements: TXapiStatement[], lang: string): string[][] {
  return statements
    .slice(0, MAX_ROWS)
    .map((s) => [
      cell(s.timestamp),
      cell(verbName(s, lang)),
      cell(nameOf(s.object.definition?.name, lang) || s.object.id),
      cell(resultText(s)),
    ]);
}

/** A verb setting (a name such as passed, or an IRI) as the IRI the LRS filters on. */
function verbIri(ctx: TNodeContext, setting: string | undefined): string | undefined {
  if (!setting) return undefined;
  const verb = verbFromSetting(setting);
  if (!verb) ctx.issue('setting-invalid', 'warning', { detail: 'verb' });
  return verb === undefined ? undefined : typeof verb === 'string' ? XAPI_VERBS[verb] : verb.id;
}

/** The block's filter: data.verb (form 1), data.activity (form 2), data.limit (form 3, 20, at most 100). */
function queryOf(ctx: TNodeContext): TLrsQuery {
  const verb = verbIri(ctx, ctx.settings.text(['verb'], 0)?.trim());
  const activity = ctx.settings.text(['activity', 'activityId'], 1)?.trim();
  const since = ctx.settings.text(['since'])?.trim();
  const limit = Math.min(Math.max(Math.round(ctx.settings.number(['limit'], 2) ?? 20), 1), MAX_ROWS);
  return {
    limit,
    ...(verb ? { verb } : {}),
    ...(activity ? { activity } : {}),
    ...(since ? { since } : {}),
  };
}

/** The learner's statements through the LRS port; a port failure ends the run with Retry offered. */
async function readLrs(ctx: TNodeContext): Promise<TXapiStatement[] | undefined> {
  const lrs = ctx.ports.lrs;
  if (!lrs) {
    ctx.issue('port-missing', 'warning', { detail: 'lrs' });
    return undefined;
  }
  try {
    return (await lrs.query(queryOf(ctx))).slice(0, MAX_ROWS);
  } catch (error) {
    const detail = errorCodeOf(error) ?? 'lrs';
    const where = { nodeId: ctx.node.id, nodeType: ctx.node.type, detail };
    throw new PortFailure(makeIssue('xapi-failed', 'error', where));
  }
}

const lang = (ctx: TNodeContext): string => ctx.xapi?.language ?? 'en-US';
const titleOf = (ctx: TNodeContext): string => ctx.settings.text(['title']) ?? ctx.label;

/** JSON as rows: a list of objects → one column per key; an object → key/value; else one cell. */
export function jsonTable(json: TJson): { columns: string[]; rows: string[][] } {
  if (Array.isArray(json)) {
    const records = json.slice(0, MAX_ROWS);
    if (records.length > 0 && records.every(isRecord)) {
      const columns = [...new Set(records.flatMap((r) => Object.keys(r as object)))].slice(0, 12);
      return { columns, rows: records.map((r) => columns.map((c) => cell((r as Record<string, TJson>)[c]))) };
    }
    return { columns: ['value'], rows: records.map((v) => [cell(v)]) };
  }
  if (isRecord(json)) {
    return {
      columns: ['key', 'value'],
      rows: Object.entries(json)
        .slice(0, MAX_ROWS)
        .map(([k, v]) => [cell(k), cell(v)]),
    };
  }
  return { columns: ['value'], rows: [[cell(json)]] };
}

export const RECORD_EXECUTORS: Record<string, TNodeExecutor> = {
  /** Whiteboard: the learner draws; the uploaded PNG is the output and the evidence of answered. */
  whiteboardNode: {
    run: (ctx) => ({
      kind: 'wait',
      request: {
        kind: 'draw',
        prompt: ctx.interpolate(ctx.settings.text(['question', 'prompt', 'instructions'], 0) ?? ctx.label),
      },
    }),
    async answer(ctx, answer) {
      if (answer.kind !== 'media') return next();
      await ctx.record({ verb: 'answered', evidence: { id: answer.url, description: ctx.label } });
      return next({ image: { type: 'image', url: answer.url, alt: ctx.label } });
    },
  },

  /** Widget: the linked JSON (else data.json) shown as a table. */
  widgetNode: {
    async run(ctx) {
      const linked = ctx.input('data');
      let json: TJson | undefined = linked?.type === 'json' ? linked.json : undefined;
      if (json === undefined) {
        const own = ctx.settings.json(['json', 'data'], 0);
        if (own.invalid) ctx.issue('json-invalid', 'warning', { detail: 'json' });
        json = own.value;
      }
      if (json === undefined) {
        ctx.missing('data');
        return next();
      }
      await ctx.record({ verb: 'experienced', kind: 'media' });
      return showContent(ctx, { kind: 'table', title: titleOf(ctx), ...jsonTable(json) });
    },
  },

  /** xAPI Report: the linked statement, else the learner's statements the block's filter selects. */
  xAPIReportNode: {
    async run(ctx) {
      const linked = ctx.input('xapi');
      const statements = linked?.type === 'xApiStatement' ? [linked.statement] : await readLrs(ctx);
      if (!statements) return next();
      await ctx.record({ verb: 'experienced', kind: 'media' });
      const rows = statementRows(statements, lang(ctx));
      return showContent(ctx, { kind: 'table', title: titleOf(ctx), columns: STATEMENT_COLUMNS, rows });
    },
  },

  /** Retrieve xAPI Statements: the newest matching statement on `xapi`, a plain-text summary on `text`. */
  xAPIRetrievalNode: {
    async run(ctx) {
      const statements = await readLrs(ctx);
      if (!statements) return next();
      const summary = statementRows(statements, lang(ctx))
        .map((row) => row.filter(Boolean).join(' · '))
        .join('\n');
      return next({
        text: { type: 'text', text: summary },
        ...(statements[0] ? { xapi: { type: 'xApiStatement', statement: statements[0] } } : {}),
      });
    },
  },
};
