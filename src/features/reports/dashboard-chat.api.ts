import { requestStream } from '../../shared/api/http';
import { readSseData } from '../../shared/api/sse';
import type { TDashboardChatRequest } from '../../shared/contract/dashboard-chat';

/** One event of the dashboard chat's stream (the chat's events: spec 03 §7). */
export type TDashboardChatPiece =
  | { kind: 'text'; text: string }
  | { kind: 'done'; cost: string; stopped: boolean; provider: string }
  | { kind: 'error'; message: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function pieceOf(data: unknown): TDashboardChatPiece | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.error && typeof d.error === 'object')
    return { kind: 'error', message: str((d.error as Record<string, unknown>).message) ?? '' };
  if (d.done === true)
    return {
      kind: 'done',
      cost: str(d.cost) ?? '0',
      stopped: d.stopped === true,
      provider: str(d.provider) ?? '',
    };
  const text = str(d.content);
  return text ? { kind: 'text', text } : null;
}

/**
 * POST /api/assignment/{id}/lrs-dashboard/chat as a stream. HTTP errors (no credits, no access) go
 * through the app's error catalogue like the chat's; the panel shows its own failed state too.
 */
export async function* askDashboard(
  assignmentId: string,
  body: Omit<TDashboardChatRequest, 'stream'>,
  signal: AbortSignal,
): AsyncGenerator<TDashboardChatPiece> {
  const res = await requestStream(`assignment/${assignmentId}/lrs-dashboard/chat`, body, { signal });
  if (!res.body) return;
  for await (const data of readSseData(res.body)) {
    const piece = pieceOf(data);
    if (piece) yield piece;
  }
}
