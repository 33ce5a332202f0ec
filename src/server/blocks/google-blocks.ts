import type { TRunNode } from '../../shared/domain/runtime/graph';
import type { TServerBlockRequest, TServerBlockResult } from '../../shared/domain/runtime/server-blocks';
import { settingsOf } from '../../shared/domain/runtime/settings';
import type { GoogleAdapter } from '../adapters/google/google';

/**
 * Write to Google Sheet and Send Gmail, through the operator's connected Google account. The sheet,
 * range, recipient and subject are the author's settings from the saved flow (a learner cannot send
 * mail elsewhere); only the linked rows and message come from the run.
 *   writeToGoogleSpreadsheetNode: data.spreadsheetId (form 1), data.range (form 2, 'Sheet1').
 *   sentGmailNode: data.to (form 1), data.subject (form 2, else the label), data.body (form 3) if none is linked.
 */
const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

export async function runGoogleBlock(
  node: TRunNode,
  req: TServerBlockRequest,
  google: GoogleAdapter,
): Promise<TServerBlockResult> {
  if (google.kind === 'none') return { ok: false, errorCode: 'GOOGLE_NOT_CONNECTED', configured: false };
  const settings = settingsOf(node);
  if (node.type === 'writeToGoogleSpreadsheetNode') {
    const sheet = settings.text(['spreadsheetId'], 0)?.trim();
    if (!sheet) return { ok: false, errorCode: 'SHEET_MISSING', configured: false };
    const csv = req.inputs.csv;
    if (csv?.type !== 'csv' || csv.rows.length === 0)
      return { ok: false, errorCode: 'CSV_MISSING', configured: true };
    const range = settings.text(['range'], 1)?.trim() || 'Sheet1';
    const done = await google.appendRows(sheet, range, csv.rows);
    return { ok: true, outputs: {}, summary: `${done.updatedRows} rows → ${range}` };
  }
  const to = settings.text(['to'], 0)?.trim() ?? '';
  if (!EMAIL.test(to)) return { ok: false, errorCode: 'MAIL_TO_INVALID', configured: false };
  const subject = settings.text(['subject'], 1)?.trim() || settings.label;
  const linked = req.inputs.body;
  const text = linked?.type === 'text' ? linked.text : (settings.text(['body'], 2) ?? '');
  await google.sendMail({ to, subject, text });
  return { ok: true, outputs: {}, summary: `${to}: ${subject}` };
}
