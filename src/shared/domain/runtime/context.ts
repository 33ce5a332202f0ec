import { nodeSpec } from '../node-catalogue';
import { errorCodeOf, PortFailure, type TEntryVia, type TNodeContext } from './executor';
import { handleKey, linksFrom, type TRunNode } from './graph';
import { executorFor, nodeSupport } from './nodes';
import { addIssue, emitEvent, type TSession } from './session';
import { interpolate, settingsOf } from './settings';
import { makeIssue } from './state';
import { clean, type TValue, valueAsText } from './values';
import { buildStatement, isoTime, statementId, type TStatementParts, type TXapiStatement } from './xapi';

const SENT_KEPT = 200;

/** Sends a statement once (ids already sent are skipped); a failing LRS is a warning, not a stop. */
export async function sendStatement(s: TSession, statement: TXapiStatement, where: TWhere): Promise<boolean> {
  const { state } = s;
  const port = s.opts.ports.xapi;
  if (state.sent.includes(statement.id)) return false;
  if (!port) {
    addIssue(s, makeIssue('port-missing', 'warning', { ...where, detail: 'xapi' }));
    return false;
  }
  try {
    await port.emit(statement);
  } catch (error) {
    addIssue(s, makeIssue('xapi-failed', 'warning', { ...where, detail: errorCodeOf(error) }));
    return false;
  }
  state.sent.push(statement.id);
  if (state.sent.length > SENT_KEPT) state.sent.shift();
  return true;
}

/** Builds a statement from the run's xAPI context (none: a preview, nothing is written) and sends it. */
export async function recordStatement(
  s: TSession,
  parts: TStatementParts,
  where: TWhere = {},
): Promise<void> {
  const { xapi, ports } = s.opts;
  if (!xapi) return;
  await sendStatement(s, buildStatement(xapi, parts, nextStatementId(s), isoTime(ports.clock.now())), where);
}

export const nextStatementId = (s: TSession): string => statementId(s.state.runId, ++s.state.statements);

type TWhere = { nodeId?: string; nodeType?: string };

/** The context a block runs with: its settings, its inputs, and the ports behind budget and error guards. */
export function makeContext(s: TSession, node: TRunNode, via: TEntryVia): TNodeContext {
  const spec = nodeSpec(node.type);
  const settings = settingsOf(node);
  const where = { nodeId: node.id, nodeType: node.type };
  const { state, opts } = s;
  const { ports } = opts;

  const issue: TNodeContext['issue'] = (code, severity, extra = {}) =>
    addIssue(s, makeIssue(code, severity, { ...where, ...extra }));

  const input = (handleId: string): TValue | undefined => {
    const link = s.g.into.get(handleKey(node.id, handleId));
    const source = link && s.g.nodes.get(link.source);
    if (!link || !source) return undefined;
    const producer = executorFor(source.type);
    if (producer.values) {
      return producer.values(makeContext(s, source, 'statement'))[link.sourceHandle];
    }
    const value = state.outputs[source.id]?.[link.sourceHandle];
    if (value) return value;
    const unavailable = nodeSupport(source.type) !== 'runs';
    issue(unavailable ? 'input-from-unavailable' : 'input-not-ready', 'warning', {
      handleId,
      detail: source.id,
    });
    return undefined;
  };

  const missing = (handleId: string) => issue('input-missing', 'warning', { handleId });

  const send = (statement: TXapiStatement) => sendStatement(s, statement, where);

  return {
    node,
    spec,
    settings,
    label: settings.label,
    via,
    graph: s.g,
    state,
    ports,
    xapi: opts.xapi,
    headless: Boolean(opts.headless),
    input,
    text(handleId, ...fallbacks) {
      const linked = input(handleId);
      if (linked) return valueAsText(linked);
      const fallback = fallbacks.find((f) => f !== undefined && f.trim() !== '');
      if (fallback !== undefined) return interpolate(fallback, state.variables);
      missing(handleId);
      return undefined;
    },
    missing,
    interpolate: (template) => interpolate(template, state.variables),
    issue,
    memory: () => state.memory[node.id],
    remember(value) {
      if (value === undefined) delete state.memory[node.id];
      else state.memory[node.id] = value;
    },
    async ai(request) {
      if (!ports.ai) {
        issue('port-missing', 'warning', { detail: 'ai' });
        return undefined;
      }
      if (s.aiCalls >= s.limits.aiCallsPerAdvance)
        throw new PortFailure(makeIssue('ai-budget', 'error', where));
      s.aiCalls++;
      state.usage.aiCalls++;
      let answer = '';
      try {
        for await (const piece of ports.ai.stream({ ...request, ...where })) {
          if (piece.type === 'text') {
            answer += piece.text;
            emitEvent(s, { type: 'ai-piece', nodeId: node.id, text: piece.text });
          } else if (piece.type === 'usage') {
            state.usage.inputTokens += piece.inputTokens;
            state.usage.outputTokens += piece.outputTokens;
            emitEvent(s, { ...piece, type: 'ai-usage', nodeId: node.id });
          }
        }
      } catch (error) {
        throw new PortFailure(makeIssue('ai-failed', 'error', { ...where, detail: errorCodeOf(error) }));
      }
      return clean(answer);
    },
    async record({ kind = 'interaction', aboutFlow = false, ...parts }) {
      const about = aboutFlow ? {} : { node: { id: node.id, type: node.type, label: settings.label, kind } };
      await recordStatement(s, { ...parts, ...about }, where);
    },
    send,
    statementId: () => nextStatementId(s),
    linksFrom: (handleId) => linksFrom(s.g, node.id, handleId),
    now: () => ports.clock.now(),
  };
}
