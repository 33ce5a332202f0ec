import {
  ACTIVITY_RECORDS_MAX,
  EVIDENCE_HISTORY_MAX,
  type TDashboardData,
  type TLatestActivity,
  type TLatestSort,
  TOP_ACTIVITIES_MAX,
} from '../../shared/contract/reports-routes';
import { formatCredits } from '../../shared/domain/decimal';
import { naturalCompare } from '../../shared/domain/natural-sort';
import { completionPercent } from '../../shared/domain/report-rules';
import {
  actorName,
  evidenceMediaOf,
  iriTail,
  langText,
  objectName,
  verbName,
} from '../../shared/domain/statement-view';
import { isObject } from '../../shared/domain/xapi';
import { type Caller, managedAssignment } from '../assignments/access';
import { findUsersByIds } from '../assignments/assignments.repo';
import { listParticipants } from '../assignments/participants.repo';
import { mediaLinks } from '../chat/media-links';
import { createCreditsService } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { forbidden } from '../http/errors';
import { createJournalsService } from '../journals/journals.service';
import { createLrsService, lrsSpace } from '../lrs';
import { flowOfPlayerAiReference, playerAiPrefix } from '../player/player.ai';
import { findFlowsByIds } from '../tools/tools.repo';
import { buildCollaborative, buildJournalReport } from './journal-report';
import { buildMastery, personIfi } from './mastery';
import { accountPeople, cellsByPerson, participantAliases } from './person-key';
import {
  cellStatements,
  flowCounts,
  flowRecords,
  perDay,
  type Scope,
  topActors,
  verbsAndActors,
} from './reports.repo';

export const REPORTS_FORBIDDEN = 'Only the owner and co-owners of this assignment can read its reports.';

const COMPLETED = new Set(['completed', 'passed', 'mastered']);
const STARTED = new Set(['launched', 'initialized']);

/**
 * The reports of an assignment (spec 02 §2 Custom Reports … LRS Assignment Dashboard). Each call checks
 * that the caller is the owner or a co-owner (404 from another space, 403 in it, org admins included) and
 * reads the statements of the assignment's space: 'org:<orgId>', or 'user:<ownerId>' for a personal one.
 */
export function createReportsService(deps: AppDeps) {
  const db = deps.database.db;
  const lrs = createLrsService(deps);
  const journals = createJournalsService(deps);
  const media = mediaLinks(deps);
  const credits = createCreditsService(deps);

  /** What the assignment's AI blocks cost per flow, from the credits ledger (any payer). */
  async function costPerFlow(assignmentId: string): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    for (const [reference, amount] of await credits.usageByReference(playerAiPrefix(assignmentId))) {
      const flowId = flowOfPlayerAiReference(reference);
      out.set(flowId, (out.get(flowId) ?? 0n) + amount);
    }
    return out;
  }

  /** `origin`: our public origin, so a learner's cmi5 account actor counts as the learner (person-key.ts). */
  async function scoped(caller: Caller, id: string, origin?: string) {
    const { row, role } = await managedAssignment(db, caller, id);
    // Spec 02 §6: the owner and co-owners see reports; an organisation admin who is neither does not.
    if (role === 'admin') throw forbidden(REPORTS_FORBIDDEN);
    const scope: Scope = {
      space: lrsSpace({ orgId: row.orgId, userId: row.ownerId }),
      assignmentId: row.id,
      origin,
    };
    return { row, scope };
  }

  return {
    async reportV2(caller: Caller, id: string, origin?: string) {
      const { row, scope } = await scoped(caller, id, origin);
      const [cells, people] = await Promise.all([
        cellStatements(db, scope, EVIDENCE_HISTORY_MAX),
        listParticipants(db, row.id),
      ]);
      const participants = people.map((p) => ({
        userId: p.userId,
        ifi: personIfi(p.email),
        name: p.fullname || p.email,
        email: p.email,
        profileImg: p.profileImg,
      }));
      const byPerson = cellsByPerson(cells, participantAliases(participants, origin), EVIDENCE_HISTORY_MAX);
      // Photo answers: signed links, as the teacher's `<img>` carries no Bearer and the learner may
      // have uploaded outside the organisation (only media uploaded by this assignment's participants).
      const links = await media.signUploadsOf(
        cells.flatMap((c) => evidenceMediaOf(c.statement) ?? []),
        people.map((p) => p.userId),
      );
      return {
        objects: buildMastery(byPerson, participants, links),
        participantsTotal: participants.length,
      };
    },

    async journalReport(caller: Caller, id: string) {
      const { row } = await scoped(caller, id);
      const [list, people] = await Promise.all([
        journals.list({ assignmentId: row.id, collaborative: false }),
        listParticipants(db, row.id),
      ]);
      const participants = people.map((p) => ({ ...p, id: p.userId }));
      const missing = [...new Set(list.map((j) => j.userId ?? ''))].filter(
        (u) => u && !participants.some((p) => p.id === u),
      );
      return { journals: buildJournalReport(list, participants, await findUsersByIds(db, missing)) };
    },

    async collaborativeJournalReport(caller: Caller, id: string) {
      const { row } = await scoped(caller, id);
      const list = await journals.list({ assignmentId: row.id, collaborative: true });
      const members = await findUsersByIds(db, [...new Set(list.flatMap((j) => j.members))]);
      return { journals: buildCollaborative(list, members) };
    },

    async latestActivities(caller: Caller, id: string, sortBy: TLatestSort) {
      const { row, scope } = await scoped(caller, id);
      const [flows, counts, records, costs] = await Promise.all([
        findFlowsByIds(db, row.flowIds),
        flowCounts(db, scope),
        flowRecords(db, scope, row.flowIds, ACTIVITY_RECORDS_MAX),
        costPerFlow(row.id),
      ]);
      const flowById = new Map(flows.map((f) => [f.id, f]));
      const countOf = new Map(counts.map((c) => [c.flowId, c]));
      const items: Array<TLatestActivity & { latest: string }> = row.flowIds.flatMap((fid) => {
        const f = flowById.get(fid);
        if (!f) return [];
        return [
          {
            flow: { _id: f.id, name: f.name, iconUrl: f.iconUrl },
            records: records
              .filter((r) => r.flowId === fid)
              .map((r) => ({
                actor: actorName(r.statement),
                verb: verbName(r.statement),
                object: objectName(r.statement),
                timestamp: r.timestamp,
              })),
            totalCost: formatCredits(costs.get(fid) ?? 0n),
            totalRecords: countOf.get(fid)?.total ?? 0,
            latest: countOf.get(fid)?.latest ?? '',
          },
        ];
      });
      const sorters: Record<TLatestSort, ((a: (typeof items)[0], b: (typeof items)[0]) => number) | null> = {
        default: null,
        ascending: (a, b) => b.latest.localeCompare(a.latest),
        descending: (a, b) => a.latest.localeCompare(b.latest),
        'a-z': (a, b) => naturalCompare(a.flow.name, b.flow.name),
        'z-a': (a, b) => naturalCompare(b.flow.name, a.flow.name),
      };
      const sorter = sorters[sortBy];
      const sorted = sorter ? [...items].sort(sorter) : items;
      return { latestActivities: sorted.map(({ latest: _, ...rest }) => rest) };
    },

    async lineChart(caller: Caller, id: string) {
      const { scope } = await scoped(caller, id);
      return { graph: await perDay(db, scope) };
    },

    async topActivities(caller: Caller, id: string, origin?: string) {
      const { scope } = await scoped(caller, id, origin);
      const rows = await topActors(db, scope, TOP_ACTIVITIES_MAX);
      return {
        topActivities: rows.map((r) => {
          const email = r.mbox?.replace(/^mailto:/i, '') ?? '';
          return { username: r.name || email || r.account || 'Unknown User', email, interactions: r.n };
        }),
      };
    },

    async dashboard(caller: Caller, id: string, q: { verb?: string; limit: number }, origin?: string) {
      const { row, scope } = await scoped(caller, id, origin);
      // The counts and the statement list at once (two connections on PostgreSQL).
      const readStatements = async () => {
        const statements: Record<string, unknown>[] = [];
        let cursor = null;
        do {
          const page = await lrs.queryStatements(
            scope.space,
            { assignmentId: scope.assignmentId, ...(q.verb ? { verb: q.verb } : {}) },
            { limit: Math.min(500, q.limit - statements.length), cursor },
          );
          statements.push(...page.statements);
          cursor = page.next;
        } while (cursor && statements.length < q.limit);
        return statements;
      };
      const [{ verbs, actors: active }, statements] = await Promise.all([
        verbsAndActors(db, scope),
        readStatements(),
      ]);
      const named = verbs.map((v) => ({
        id: v.id,
        name: langText(v.display) ?? iriTail(v.id),
        count: v.count,
      }));
      const countOf = (set: Set<string>) =>
        verbs.filter((v) => set.has(iriTail(v.id).toLowerCase())).reduce((n, v) => n + v.count, 0);
      const started = countOf(STARTED);
      const total = verbs.reduce((n, v) => n + v.count, 0);
      const data: TDashboardData = {
        totalStatements: total,
        activeParticipants: active,
        sessionCompletion: completionPercent(countOf(COMPLETED), started > 0 ? started : active),
        verbs: named,
        statements,
        matching: q.verb ? (verbs.find((v) => v.id === q.verb)?.count ?? 0) : total,
      };
      // cmi5 rows name their learner by account: the dashboard shows the person behind it.
      if (origin && statements.some((s) => isObject(s.actor) && isObject(s.actor.account))) {
        const people = (await listParticipants(db, row.id)).map((p) => ({
          userId: p.userId,
          name: p.fullname || p.email,
          email: p.email,
        }));
        data.people = accountPeople(statements, people, origin);
      }
      return { dashboardData: data };
    },
  };
}
