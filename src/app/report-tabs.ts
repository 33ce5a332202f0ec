import { provideReportTabs } from '../features/assignments/detail-tabs';
import { reportTabLoaders } from '../features/reports';
import { i18n } from './i18n';

/** Plugs the reports area's tabs into the assignment detail (loaded with the detail page's chunk). */
provideReportTabs(reportTabLoaders);
void i18n.loadNamespaces('reports').catch(() => undefined);
