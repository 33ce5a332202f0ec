import type { ComponentType } from 'react';
import { NODE_TEXT_NS } from '../shared/domain/node-catalogue/texts';
import { i18n, loadAreaTexts } from './i18n';

/**
 * The route table of spec 01 §2, spec 02 §2 and spec 03 §2 as data. A route without `load` has no
 * screen yet: it renders its layout and the not-found page (no fake screens).
 */
type Loader = () => Promise<{ default: ComponentType }>;
export type RouteKind = 'public' | 'home' | 'full';
export interface RouteDef {
  path: string;
  kind: RouteKind;
  load?: Loader;
}

const auth = {
  login: () => import('../features/auth/components/LoginPage'),
  signup: () => import('../features/auth/components/SignupPage'),
  reset: () => import('../features/auth/components/ResetPasswordPage'),
  orgLogin: () => import('./pages/OrgLoginPage'),
  callback: () => import('../features/auth/components/CallbackPage'),
  redirect: () => import('../features/auth/components/RedirectPage'),
};
const orgs = {
  join: () => import('../features/orgs/components/JoinOrgPage'),
  settings: () => import('../features/orgs/components/OrgSettingsPage'),
  spaceSettings: () => import('../features/orgs/components/SpaceSettingsPage'),
};
const collections = {
  list: () => import('../features/collections/components/CollectionsPage'),
  one: () => import('../features/collections/components/CollectionPage'),
  settings: () => import('../features/collections/components/CollectionSettingsPage'),
  library: () => import('../features/collections/components/LibraryPage'),
};
// The editor's block texts come with its chunk, fetched side by side: its first render is then in
// the chosen language, not English swapped for it a moment later (a second render of every block).
const canvas = {
  editor: () =>
    Promise.all([
      import('../features/canvas/components/FlowEditorPage'),
      i18n.loadNamespaces(NODE_TEXT_NS).catch(() => undefined),
    ]).then(([page]) => page),
};
// The area namespaces the shell no longer waits for (i18n.ts) come with the screens that use them.
const withTexts =
  (ns: string, page: Loader): Loader =>
  () =>
    Promise.all([page(), loadAreaTexts([ns])]).then(([p]) => p);
const assignments = {
  list: withTexts('assignment', () => import('../features/assignments/components/AssignmentListPage')),
  wizard: withTexts(
    'assignment',
    () => import('../features/assignments/components/wizard/AssignmentWizardPage'),
  ),
  // The report tabs (reports area) plug in with the detail page.
  detail: withTexts('assignment', () =>
    Promise.all([
      import('../features/assignments/components/detail/AssignmentDetailPage'),
      import('./report-tabs'),
    ]).then(([page]) => page),
  ),
  settings: withTexts(
    'assignment',
    () => import('../features/assignments/components/settings/AssignmentSettingsPage'),
  ),
};
// The LRS screen's texts come with its chunk, like the editor's.
const lrs = {
  credentials: () =>
    Promise.all([
      import('../features/lrs/components/LrsPage'),
      i18n.loadNamespaces('lrs').catch(() => undefined),
    ]).then(([page]) => page),
};
// The credits screens bring their namespace (and the block names the model settings show).
const withCredits =
  (page: Loader): Loader =>
  () =>
    Promise.all([
      page(),
      i18n.loadNamespaces(['credits', 'quickBalance', NODE_TEXT_NS]).catch(() => undefined),
    ]).then(([p]) => p);
const credits = {
  page: withCredits(() => import('../features/credits/components/CreditsPage')),
  grant: withCredits(() => import('../features/credits/components/GrantPage')),
};
const automation = {
  list: withTexts('task', () => import('../features/automation/components/TasksPage')),
  wizard: withTexts('task', () => import('../features/automation/components/TaskWizardPage')),
  detail: withTexts('task', () => import('../features/automation/components/TaskDetailPage')),
  keys: withTexts('task', () => import('../features/api-keys/components/ApiKeysPage')),
  activity: withTexts('task', () => import('../features/api-keys/components/ApiKeyActivityPage')),
  byId: withTexts('task', () => import('../features/automation/components/TaskByIdRedirect')),
};
const chat = { page: withTexts('chat', () => import('../features/chat/components/ChatPage')) };
const promptTemplates = {
  page: () =>
    Promise.all([
      import('../features/prompt-templates/components/PromptTemplatesPage'),
      i18n.loadNamespaces('templates').catch(() => undefined),
    ]).then(([page]) => page),
};
// The generator's texts come with its chunk, like the LRS screen's.
const generator = {
  page: () =>
    Promise.all([
      import('../features/generator/components/GeneratorPage'),
      i18n.loadNamespaces('generator').catch(() => undefined),
    ]).then(([page]) => page),
};
const tools = {
  explore: () => import('../features/tools/components/ExplorePage'),
  create: () => import('../features/tools/components/CreateToolPage'),
};

export const PUBLIC_ROUTES: RouteDef[] = [
  { path: '/redirect', kind: 'public', load: auth.redirect },
  { path: '/callback', kind: 'public', load: auth.callback },
  { path: '/login', kind: 'public', load: auth.login },
  { path: '/reset-password', kind: 'public', load: auth.reset },
  { path: '/signup', kind: 'public', load: auth.signup },
  { path: '/org-login', kind: 'public', load: auth.orgLogin },
  { path: '/error', kind: 'public', load: () => import('./pages/ErrorPage') },
  { path: '/flow/share/:id', kind: 'public', load: () => import('./pages/FlowSharePage') },
];

/** Guarded full-page routes (no home layout). */
export const FULL_ROUTES: RouteDef[] = [
  { path: '/:orgCode/projects/:projectId/flows/:id', kind: 'full', load: canvas.editor },
  { path: '/:orgCode/create-assignment', kind: 'full', load: assignments.wizard },
  { path: '/:orgCode/edit-assignment/:assignmentId', kind: 'full', load: assignments.wizard },
  { path: '/:orgCode/create-tool', kind: 'full', load: tools.create },
  { path: '/:orgCode/create-automation', kind: 'full', load: automation.wizard },
  { path: '/personal/edit-automation/:taskId', kind: 'full', load: automation.wizard },
];

/** Guarded routes under the home layout; all carry the /{orgCode} prefix. */
const HOME_CHILDREN: Array<[string, Loader?]> = [
  ['explore', tools.explore],
  ['ai-flow-generator', generator.page],
  ['join-org', orgs.join],
  ['settings', orgs.spaceSettings],
  ['org-settings', orgs.settings],
  ['library', collections.library],
  ['library/projects/:projectId', collections.library],
  ['library/no-project', collections.library],
  ['prompt-templates', promptTemplates.page],
  ['automation', automation.list],
  ['chat', chat.page],
  ['chat/:id', chat.page],
  ['automation/task/:taskId', automation.detail],
  ['api-key-management', automation.keys],
  ['automation/api-keys/activity', automation.activity],
  ['automation/api-key-activity/:id', automation.activity],
  ['automation/:assignmentId', automation.byId],
  ['assignment', assignments.list],
  ['assignment/:assignmentId', assignments.detail],
  ['assignment-detail/:assignmentId', assignments.detail],
  ['assignment/:assignmentId/settings', assignments.settings],
  ['collections', collections.list],
  ['collections/projects/:projectId', collections.one],
  ['collections/projects/:projectId/setting', collections.settings],
  ['lrs', lrs.credentials],
  ['credits', credits.page],
  ['credits/admin', credits.grant],
];
export const HOME_ROUTES: RouteDef[] = HOME_CHILDREN.map(([p, load]) => ({
  path: `/:orgCode/${p}`,
  kind: 'home',
  load,
}));

/** First path words of guarded pages; a path that starts with one lacks its org code. */
export const GUARDED_WORDS = new Set([
  ...HOME_CHILDREN.map(([p]) => p.split('/')[0]),
  'create-assignment',
  'edit-assignment',
  'create-tool',
  'create-automation',
]);

/** Where "/" and a fresh sign-in land. */
export const HOME_PATH = '/explore';
