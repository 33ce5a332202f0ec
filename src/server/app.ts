import { Hono } from 'hono';
import { ErrorCode } from '../shared/contract/errors';
import { createFileStorage } from './adapters/storage/storage';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { assignmentsRoutes } from './assignments/assignments.routes';
import { authRoutes } from './auth/auth.routes';
import { automationRoutes } from './automation/automation.routes';
import { chatRoutes } from './chat/chat.routes';
import { MEDIA_UPLOAD_PATH, mediaRoutes } from './chat/media.routes';
import { collectionsRoutes } from './collections/collections.routes';
import { createCollectionsService } from './collections/collections.service';
import { creditsRoutes } from './credits/credits.routes';
import { flowsRoutes, isFlowImportPath } from './flows/flows.routes';
import { generatorRoutes } from './generator/generator.routes';
import { compressAnswers } from './http/compress';
import { closeOnUnreadBody } from './http/connection';
import type { AppDeps, AppEnv } from './http/context';
import { errorResponse } from './http/errors';
import { healthRoutes } from './http/health';
import { createMetrics, metricsRoutes } from './http/metrics';
import { requestLog } from './http/request-log';
import { limitBody, securityHeaders } from './http/security';
import { mountClient } from './http/static-client';
import { journalsRoutes } from './journals/journals.routes';
import { KNOWLEDGE_UPLOAD_PATH, knowledgeRoutes } from './knowledge/knowledge.routes';
import { livePlayerRoutes } from './live/live.player.routes';
import { liveRoutes } from './live/live.routes';
import { lrsRoutes } from './lrs/lrs.routes';
import { xapiRoutes } from './lrs/xapi.routes';
import { modelsRoutes } from './models/models.routes';
import { orgsRoutes } from './orgs/orgs.routes';
import { isPackageUploadPath, packagesRoutes } from './packages/packages.routes';
import { playerRoutes } from './player/player.routes';
import { promptTemplatesRoutes } from './prompt-templates/prompt-templates.routes';
import { reportsRoutes } from './reports/reports.routes';
import { tagsRoutes } from './tools/tags.routes';
import { toolsRoutes } from './tools/tools.routes';

/** Builds the whole HTTP app: every area under /api, then the built PWA under /editor. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(deps.logger));
  const metrics = createMetrics(deps);
  app.use('*', metrics.middleware);
  app.use('*', closeOnUnreadBody());
  const secure = securityHeaders();
  // /xapi/ answers content on other origins (CORS, its own Cross-Origin-Resource-Policy).
  const secureViewer = securityHeaders({ embeddable: true });
  app.use('*', (c, next) => {
    if (c.req.path.startsWith('/xapi/')) return next();
    // Package files and the H5P player carry their own sandboxing policy (packages/package-files.ts).
    if (c.req.path.startsWith('/api/packages/') || c.req.path.startsWith('/api/h5p-player/')) return next();
    // The learner player's pages are embeddable (spec 02 §9 embed code).
    return c.req.path === '/viewer' || c.req.path.startsWith('/viewer/')
      ? secureViewer(c, next)
      : secure(c, next);
  });
  app.use('*', compressAnswers());
  const bodyLimit = limitBody(deps.env.BODY_LIMIT_BYTES);
  // .flow imports carry their own, larger limit (flows.routes.ts).
  // Media uploads carry their own limit too (media.routes.ts), and knowledge documents (knowledge.routes.ts).
  app.use('/api/*', (c, next) =>
    isFlowImportPath(c.req.path) ||
    c.req.path === MEDIA_UPLOAD_PATH ||
    c.req.path === KNOWLEDGE_UPLOAD_PATH ||
    isPackageUploadPath(c.req.path)
      ? next()
      : bodyLimit(c, next),
  );
  const storage = deps.storage ?? createFileStorage(deps.env, deps.logger);
  app.onError((err, c) => errorResponse(c, err));

  const api = new Hono<AppEnv>()
    .route('/', healthRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', orgsRoutes(deps))
    .route('/', collectionsRoutes(deps))
    .route('/', flowsRoutes(deps, createCollectionsService(deps)))
    .route('/', tagsRoutes(deps))
    .route('/', toolsRoutes(deps))
    .route('/', lrsRoutes(deps))
    .route('/', assignmentsRoutes(deps))
    .route('/', creditsRoutes(deps))
    .route('/', modelsRoutes(deps))
    .route('/', apiKeysRoutes(deps))
    .route('/', promptTemplatesRoutes(deps))
    .route('/', automationRoutes(deps))
    .route('/', journalsRoutes(deps))
    .route('/', reportsRoutes(deps))
    .route('/', chatRoutes(deps))
    .route('/', generatorRoutes(deps))
    .route('/', mediaRoutes(deps, storage))
    .route('/', knowledgeRoutes(deps, storage))
    .route('/', playerRoutes(deps))
    .route('/', packagesRoutes(deps, storage))
    .route('/', liveRoutes(deps))
    .route('/', livePlayerRoutes(deps));
  app.route('/api', api);
  // The learning record store's xAPI endpoint: its own body limit, CORS and version headers.
  app.route('/xapi', xapiRoutes(deps, storage));
  app.route('/', metricsRoutes(deps, metrics));
  app.all('/api/*', (c) =>
    c.json({ message: `No route ${c.req.method} ${c.req.path}`, errorCode: ErrorCode.NOT_FOUND }, 404),
  );

  if (deps.clientDir) mountClient(app, deps.clientDir);
  app.notFound((c) => c.json({ message: `Not found: ${c.req.path}`, errorCode: ErrorCode.NOT_FOUND }, 404));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
