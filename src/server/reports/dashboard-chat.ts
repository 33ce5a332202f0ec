import type { TDashboardChatRequest } from '../../shared/contract/dashboard-chat';
import type { Caller as AssignmentCaller } from '../assignments/access';
import { createChatAnswerService } from '../chat/chat-answer.service';
import type { AppDeps } from '../http/context';
import type { Caller as ChatCaller } from '../tools/caller';
import { dashboardSummary, dashboardSystemPrompt, SUMMARY_STATEMENTS_MAX } from './dashboard-summary';
import { createReportsService } from './reports.service';

/**
 * The dashboard's chat panel (spec 02 §2): the statements are read again here, through the same
 * check as GET lrs-dashboard (owner and co-owners of an assignment of the caller's space), so the
 * model only ever sees that assignment's records. The answer is a chat answer without a session:
 * one money path (chat-answer.service: hold → settle, or release), paid by the caller's space.
 */
export function createDashboardChat(deps: AppDeps) {
  const reports = createReportsService(deps);
  const answers = createChatAnswerService(deps);
  return {
    async prepare(
      who: { access: AssignmentCaller; chat: ChatCaller; origin?: string },
      assignmentId: string,
      body: TDashboardChatRequest,
      signal: AbortSignal,
    ) {
      const { dashboardData } = await reports.dashboard(
        who.access,
        assignmentId,
        {
          verb: body.verb,
          limit: SUMMARY_STATEMENTS_MAX,
        },
        who.origin,
      );
      const verb = body.verb
        ? (dashboardData.verbs.find((v) => v.id === body.verb)?.name ?? body.verb)
        : null;
      const system = dashboardSystemPrompt(dashboardSummary(dashboardData, verb));
      const question = { query: body.question, mediaIds: [], model: body.model, modelIdx: 0 };
      return answers.prepare(who.chat, question, signal, { system });
    },
  };
}
