import type { TValue } from './values';

/**
 * Blocks that run on the server: API Call, Web Search and Web Crawler (outbound HTTP through the
 * server's SSRF guard, with secrets only the server holds), PDF from Template and CSV to PDF (files
 * kept in the server's storage; also Word and PowerPoint), Write to Google Sheet, Send Gmail and Google
 * Drive Upload (the operator's Google account). The runtime hands a block's linked
 * inputs to this port; the server runs the block with the author's settings from its own copy of the
 * saved flow (a learner cannot change where an API call with a secret goes). The player implements the
 * port with a player route, automation tasks with the server's services directly.
 */
export type TServerBlockRequest = {
  nodeId: string;
  nodeType: string;
  /** Values the runtime already has: linked inputs, or a setting it interpolated (a crawler's URL). */
  inputs: Record<string, TValue>;
  /** The run's `{{name}}` variables, for the server's own interpolation of the author's settings. */
  variables: Record<string, string>;
};

export type TServerBlockResult =
  | { ok: true; outputs: Record<string, TValue>; summary?: string }
  /**
   * configured false: the server has no such service set up (no search provider, Google not
   * connected); otherwise the call failed (errorCode e.g. HTTP_OUT_FORBIDDEN_ADDRESS, HTTP_OUT_TIMEOUT).
   */
  | { ok: false; errorCode: string; configured: boolean };

export interface TServerBlocksPort {
  run(request: TServerBlockRequest): Promise<TServerBlockResult>;
}

/** The block types the server runs through this port. */
export const SERVER_BLOCK_TYPES = [
  'apiCallNode',
  'webSearchNode',
  'webCrawlerNode',
  'pdfFromTemplateNode',
  'docxToTemplateNode',
  'csvToPdfNode',
  'writeToGoogleSpreadsheetNode',
  'sentGmailNode',
  'powerpointNode',
  'googleDriveUploadNode',
] as const;
export type TServerBlockType = (typeof SERVER_BLOCK_TYPES)[number];
export const isServerBlockType = (type: string): type is TServerBlockType =>
  (SERVER_BLOCK_TYPES as ReadonlyArray<string>).includes(type);
