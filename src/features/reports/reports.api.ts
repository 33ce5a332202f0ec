import { api } from '../../shared/api/http';
import {
  type TCmi5WaiveRequest,
  ZCmi5UnitsResponse,
  ZCmi5WaiveResponse,
} from '../../shared/contract/cmi5-units';
import { ZJournalResponse } from '../../shared/contract/reports';
import {
  type TLatestSort,
  ZCollaborativeJournalResponse,
  ZDashboardResponse,
  ZJournalReportResponse,
  ZLatestActivitiesResponse,
  ZLineChartResponse,
  ZReportV2Response,
  ZTopActivitiesResponse,
} from '../../shared/contract/reports-routes';

const base = (id: string) => `assignment/${id}`;
/** The API path of a report (what the transport names a saved copy by). */
export const reportPath = (id: string, report: string) => `${base(id)}/${report}`;

/** The only IO of the report tabs (spec 02 §7). Errors come back to the tab, which shows its own text. */
export const reportsApi = {
  reportV2: (id: string) => api.get(`${base(id)}/report-v2`, { schema: ZReportV2Response, quiet: true }),
  journalReport: (id: string) =>
    api.get(`${base(id)}/journal-report`, { schema: ZJournalReportResponse, quiet: true }),
  collaborative: (id: string) =>
    api.get(`${base(id)}/collaborative-journal-report`, {
      schema: ZCollaborativeJournalResponse,
      quiet: true,
    }),
  journal: (journalId: string) => api.get(`journal/${journalId}`, { schema: ZJournalResponse, quiet: true }),
  latest: (id: string, sortBy: TLatestSort) =>
    api.get(`${base(id)}/latest-activities`, {
      query: { sortBy },
      schema: ZLatestActivitiesResponse,
      quiet: true,
    }),
  lineChart: (id: string) => api.get(`${base(id)}/line-chart`, { schema: ZLineChartResponse, quiet: true }),
  top: (id: string) => api.get(`${base(id)}/top-activities`, { schema: ZTopActivitiesResponse, quiet: true }),
  dashboard: (id: string) =>
    api.get(`${base(id)}/lrs-dashboard`, { schema: ZDashboardResponse, quiet: true }),
  cmi5Units: (id: string) => api.get(`${base(id)}/cmi5-units`, { schema: ZCmi5UnitsResponse, quiet: true }),
  cmi5Waive: (id: string, body: TCmi5WaiveRequest) =>
    api.post(`${base(id)}/cmi5-waive`, body, { schema: ZCmi5WaiveResponse, quiet: true }),
};
