/**
 * Named settings of the blocks the server runs, shown as fields in the block panel and kept as
 * `data[key]` (which the runtime and the server read before the forms; runtime README "What a block
 * reads"). line: one line; text: several lines; method: an HTTP method.
 */
export type TSettingField = { key: string; kind: 'line' | 'text' | 'method'; url?: boolean };

export const BLOCK_SETTINGS: Readonly<Record<string, ReadonlyArray<TSettingField>>> = {
  apiCallNode: [
    { key: 'url', kind: 'line', url: true },
    { key: 'method', kind: 'method' },
    { key: 'headers', kind: 'text' },
  ],
  webSearchNode: [{ key: 'query', kind: 'line' }],
  webCrawlerNode: [{ key: 'url', kind: 'line', url: true }],
  pdfFromTemplateNode: [
    { key: 'template', kind: 'text' },
    { key: 'title', kind: 'line' },
  ],
  docxToTemplateNode: [
    { key: 'template', kind: 'text' },
    { key: 'title', kind: 'line' },
  ],
  csvToPdfNode: [{ key: 'title', kind: 'line' }],
  writeToGoogleSpreadsheetNode: [
    { key: 'spreadsheetId', kind: 'line' },
    { key: 'range', kind: 'line' },
  ],
  sentGmailNode: [
    { key: 'to', kind: 'line' },
    { key: 'subject', kind: 'line' },
    { key: 'body', kind: 'text' },
  ],
  powerpointNode: [
    { key: 'slides', kind: 'text' },
    { key: 'title', kind: 'line' },
  ],
  googleDriveUploadNode: [
    { key: 'folderId', kind: 'line' },
    { key: 'fileName', kind: 'line' },
    { key: 'question', kind: 'line' },
  ],
};

export const HTTP_METHODS = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
