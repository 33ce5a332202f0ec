import { z } from 'zod';
import { ZId } from './collections';
import { zText } from './text';

/**
 * Report routes of an assignment (spec 02 §7). Signed-in user in the assignment's space (orgId header);
 * its owner, co-owners (and, as everywhere in assignments, its organisation's admins). Another space: 404,
 * anyone else in the space: 403, signed out: 401 'Not authenticated'.
 *   GET /api/assignment/{id}/report-v2                    → { objects: TReportObject[], participantsTotal }
 *   GET /api/assignment/{id}/journal-report               → { journals: TJournalReportItem[] }
 *   GET /api/assignment/{id}/collaborative-journal-report → { journals: TCollaborativeJournal[] }
 *   GET /api/assignment/{id}/latest-activities?sortBy=    → { latestActivities: TLatestActivity[] }
 *   GET /api/assignment/{id}/line-chart                   → { graph: TLineChartPoint[] }
 *   GET /api/assignment/{id}/top-activities               → { topActivities: TTopActivity[] }
 *   GET /api/assignment/{id}/lrs-dashboard?verb=&limit=   → { dashboardData: TDashboardData }
 */

/** Latest records per flow in the overview; evidence histories per cell; dashboard table rows. */
export const ACTIVITY_RECORDS_MAX = 50;
export const EVIDENCE_HISTORY_MAX = 10;
export const TOP_ACTIVITIES_MAX = 10;
export const DASHBOARD_DEFAULT_LIMIT = 1000;
export const DASHBOARD_MAX_LIMIT = 5000;

export const LATEST_SORTS = ['default', 'ascending', 'descending', 'a-z', 'z-a'] as const;
export type TLatestSort = (typeof LATEST_SORTS)[number];

export const ZLatestActivitiesQuery = z.object({ sortBy: z.enum(LATEST_SORTS).default('default') });
export const ZDashboardQuery = z.object({
  verb: zText().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(DASHBOARD_MAX_LIMIT).default(DASHBOARD_DEFAULT_LIMIT),
});
export const ZReportIdParam = z.object({ id: ZId });

const ZScore = z.object({
  raw: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
const ZPerson = z.object({ name: zText(), email: zText(), profileImg: zText().nullable() });

export const ZReportUser = ZPerson.extend({
  ticked: z.boolean(),
  score: ZScore.nullable(),
  evidence: zText().nullable(),
  /** A photo or file answer: a signed link valid for an hour (no Bearer needed, e.g. in an `<img>`). */
  evidenceUrl: zText().nullable().optional(),
  timestamp: zText().nullable(),
  evidenceHistories: z.array(
    z.object({
      evidence: zText().nullable(),
      evidenceUrl: zText().nullable().optional(),
      score: ZScore.nullable(),
      timestamp: zText(),
    }),
  ),
});
export const ZReportObject = z.object({
  id: zText(),
  name: zText(),
  verbs: z.array(
    z.object({
      id: zText(),
      name: zText(),
      participants: z.object({ count: z.number(), total: z.number() }),
      users: z.array(ZReportUser),
    }),
  ),
});
export const ZReportV2Response = z.object({ objects: z.array(ZReportObject), participantsTotal: z.number() });

export const ZJournalReportItem = z.object({
  name: zText(),
  type: zText(),
  participants: z.object({ count: z.number(), total: z.number() }),
  users: z.array(
    ZPerson.extend({
      hasJournal: z.boolean(),
      journalData: z
        .object({
          journalId: zText(),
          thumbnail: zText().nullable(),
          paragraph: zText(),
          latestUpdated: zText(),
          createdBy: zText(),
          content: zText(),
        })
        .nullable(),
    }),
  ),
});
export const ZJournalReportResponse = z.object({ journals: z.array(ZJournalReportItem) });

export const ZCollaborativeJournal = z.object({
  journalId: zText(),
  name: zText(),
  type: zText(),
  latestUpdated: zText(),
  collaborators: z.array(ZPerson),
  members: z.array(zText()),
  content: zText(),
});
export const ZCollaborativeJournalResponse = z.object({ journals: z.array(ZCollaborativeJournal) });

export const ZActivityRecord = z.object({
  actor: zText(),
  verb: zText(),
  object: zText(),
  timestamp: zText(),
});
export const ZLatestActivity = z.object({
  flow: z.object({ _id: zText(), name: zText(), iconUrl: zText().nullable() }),
  records: z.array(ZActivityRecord),
  /** Credits as a decimal string (spent by the assignment's runs of the flow). */
  totalCost: zText(),
  totalRecords: z.number(),
});
export const ZLatestActivitiesResponse = z.object({ latestActivities: z.array(ZLatestActivity) });

export const ZLineChartResponse = z.object({
  graph: z.array(z.object({ date: zText(), interactions: z.number() })),
});
export const ZTopActivitiesResponse = z.object({
  topActivities: z.array(z.object({ username: zText(), email: zText(), interactions: z.number() })),
});

export const ZDashboardData = z.object({
  totalStatements: z.number(),
  activeParticipants: z.number(),
  /** Session Completion %: completed over launched (or over active participants), capped at 100. */
  sessionCompletion: z.number(),
  verbs: z.array(z.object({ id: zText(), name: zText(), count: z.number() })),
  /** The newest statements (of `verb` when asked), at most `limit`; xAPI statements as stored. */
  statements: z.array(z.record(zText(), z.unknown())),
  /** How many statements match `verb` (or all), beyond the ones sent. */
  matching: z.number(),
  /** Participants whose cmi5 account actor (account name: their user id) is in `statements`. */
  people: z.array(z.object({ account: zText(), name: zText(), email: zText() })).optional(),
});
export const ZDashboardResponse = z.object({ dashboardData: ZDashboardData });

export type TReportObject = z.infer<typeof ZReportObject>;
export type TReportUser = z.infer<typeof ZReportUser>;
export type TJournalReportItem = z.infer<typeof ZJournalReportItem>;
export type TCollaborativeJournal = z.infer<typeof ZCollaborativeJournal>;
export type TLatestActivity = z.infer<typeof ZLatestActivity>;
export type TDashboardData = z.infer<typeof ZDashboardData>;
export type TLineChartPoint = z.infer<typeof ZLineChartResponse>['graph'][number];
export type TTopActivity = z.infer<typeof ZTopActivitiesResponse>['topActivities'][number];
