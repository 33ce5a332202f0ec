import type { TRunNode } from '../../shared/domain/runtime/graph';
import type {
  TServerBlockRequest,
  TServerBlockResult,
  TServerBlocksPort,
} from '../../shared/domain/runtime/server-blocks';
import { isRecord } from '../../shared/domain/runtime/values';
import { createGoogleAdapter } from '../adapters/google/google';
import { createHttpOut, type HttpOut } from '../adapters/http-out/http-out';
import { pageText } from '../adapters/http-out/page-text';
import { createSearchAdapter, hitsAsMarkdown } from '../adapters/http-out/search';
import { createFileStorage } from '../adapters/storage/storage';
import { mediaLinks } from '../chat/media-links';
import type { AppDeps } from '../http/context';
import { runApiCall } from './api-call';
import { blockFileReader } from './block-files';
import { runDocumentBlock, type TDocumentOwner } from './document-blocks';
import { runDriveUpload } from './drive-upload';
import { runGoogleBlock } from './google-blocks';

/**
 * Runs the blocks the runtime hands to the server (runtime/server-blocks.ts): API Call, Web Search,
 * Web Crawler, PDF from Template, Word, CSV to PDF, PowerPoint, Write to Google Sheet, Send Gmail,
 * Google Drive Upload. Every request goes out through the SSRF guard (adapters/http-out). A failure is an
 * answer ({ ok: false, errorCode }), not an exception: the learner's flow goes on and the run's
 * record says what went wrong.
 */
const SEARCH_RESULTS = 8;
const textOf = (req: TServerBlockRequest, key: string): string => {
  const v = req.inputs[key];
  return v?.type === 'text' ? v.text.trim() : '';
};

export function createServerBlocks(deps: AppDeps, http: HttpOut = createHttpOut(deps.env)) {
  const search = createSearchAdapter(deps.env, http);
  const secrets = deps.env.HTTP_OUT_SECRETS;
  const google = createGoogleAdapter(deps.env);
  const documents = {
    db: deps.database.db,
    storage: deps.storage ?? createFileStorage(deps.env, deps.logger),
    links: mediaLinks(deps),
  };

  async function runType(
    node: TRunNode,
    req: TServerBlockRequest,
    owner?: TDocumentOwner,
  ): Promise<TServerBlockResult> {
    switch (node.type) {
      case 'writeToGoogleSpreadsheetNode':
      case 'sentGmailNode':
        return runGoogleBlock(node, req, google);
      case 'googleDriveUploadNode':
        return runDriveUpload(node, req, google, blockFileReader(documents, owner?.learnerId));
      case 'powerpointNode':
      case 'pdfFromTemplateNode':
      case 'docxToTemplateNode':
      case 'csvToPdfNode':
        return runDocumentBlock(node, req, documents, owner);
      case 'apiCallNode':
        return runApiCall(node, req, { http, secrets });
      case 'webSearchNode': {
        if (search.kind === 'none')
          return { ok: false, errorCode: 'SEARCH_NOT_CONFIGURED', configured: false };
        const query = textOf(req, 'query').slice(0, 500);
        if (!query) return { ok: false, errorCode: 'SEARCH_QUERY_MISSING', configured: true };
        const hits = await search.search(query, SEARCH_RESULTS);
        return {
          ok: true,
          outputs: { results: { type: 'text', text: hitsAsMarkdown(hits) } },
          summary: query,
        };
      }
      case 'webCrawlerNode': {
        const url = textOf(req, 'url');
        const res = await http.fetch({ url, accept: ['text/html', 'application/xhtml+xml', 'text/plain'] });
        if (res.status >= 400) return { ok: false, errorCode: `HTTP_STATUS_${res.status}`, configured: true };
        const body = res.body.toString('utf8');
        const content = res.contentType.startsWith('text/plain') ? body.slice(0, 50_000) : pageText(body);
        return { ok: true, outputs: { content: { type: 'text', text: content } }, summary: res.url };
      }
      default:
        return { ok: false, errorCode: 'NOT_A_SERVER_BLOCK', configured: false };
    }
  }

  /** owner: whose file a generated document becomes (the assignment's or task's owner, in its space). */
  async function run(
    node: TRunNode,
    req: TServerBlockRequest,
    owner?: TDocumentOwner,
  ): Promise<TServerBlockResult> {
    try {
      return await runType(node, req, owner);
    } catch (error) {
      const code = (error as { errorCode?: unknown }).errorCode;
      if (typeof code === 'string') return { ok: false, errorCode: code, configured: true };
      deps.logger.warn('server block failed', { nodeType: node.type, error: String(error) });
      return { ok: false, errorCode: 'INTERNAL', configured: true };
    }
  }

  return {
    run,
    /** The runtime port over one saved flow: the block's settings come from this copy, never the caller. */
    portFor(flow: { nodes: ReadonlyArray<unknown> }, owner?: TDocumentOwner): TServerBlocksPort {
      return {
        run: async (req) => {
          const node = findNode(flow.nodes, req.nodeId, req.nodeType);
          return node
            ? run(node, req, owner)
            : { ok: false, errorCode: 'NOT_A_SERVER_BLOCK', configured: false };
        },
      };
    },
  };
}

export type ServerBlocks = ReturnType<typeof createServerBlocks>;

/** The saved node of that id, when it is of the type the runtime named. */
export function findNode(nodes: ReadonlyArray<unknown>, id: string, type: string): TRunNode | undefined {
  for (const n of nodes) {
    if (!isRecord(n) || n.id !== id || n.type !== type) continue;
    return { id, type, data: isRecord(n.data) ? n.data : {} };
  }
  return undefined;
}
