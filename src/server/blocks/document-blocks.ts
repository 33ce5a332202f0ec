import { newId } from '../../shared/domain/ids';
import type { TRunNode } from '../../shared/domain/runtime/graph';
import type { TServerBlockRequest, TServerBlockResult } from '../../shared/domain/runtime/server-blocks';
import { settingsOf } from '../../shared/domain/runtime/settings';
import type { FileStorage } from '../adapters/storage/storage';
import { insertMedia } from '../chat/media.repo';
import type { MediaLinks } from '../chat/media-links';
import type { Database } from '../db/client';
import { docxFromText } from '../documents/docx';
import { pdfFromRows, pdfFromText } from '../documents/pdf';
import { pptxFromSlides } from '../documents/pptx';
import { slidesFromText } from '../documents/slides';
import { fillTemplate } from '../documents/template';

/**
 * PDF from Template, Word Document from Template, CSV to PDF and PowerPoint. The file is stored through the storage adapter as a media row of
 * the flow's teacher (the assignment's or task's owner, in its space), so the teacher downloads it like
 * any upload; the learner gets a signed link (media-links.ts) in the block's file output.
 */
/** learnerId: who runs the block, whose own uploads a block may read (block-files.ts); none in tasks. */
export type TDocumentOwner = { userId: string; orgId: string | null; learnerId?: string };
export type TDocumentDeps = { db: Database['db']; storage: FileStorage; links: MediaLinks };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Extension and media type of each block's file. */
const FILE_TYPE: Record<string, [string, string]> = {
  docxToTemplateNode: ['docx', DOCX],
  powerpointNode: ['pptx', PPTX],
};

/** The file name: the block's title setting, else its label, as safe characters. */
const fileNameOf = (title: string, ext: string) => {
  const base = title
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'document'}.${ext}`;
};

export async function runDocumentBlock(
  node: TRunNode,
  req: TServerBlockRequest,
  deps: TDocumentDeps,
  owner: TDocumentOwner | undefined,
): Promise<TServerBlockResult> {
  if (!owner) return { ok: false, errorCode: 'DOCUMENT_NO_OWNER', configured: false };
  const settings = settingsOf(node);
  const title = settings.text(['title'], 1)?.trim() || settings.label;
  let bytes: Uint8Array;
  let summary = title;
  const word = node.type === 'docxToTemplateNode';
  const [ext, mediaType] = FILE_TYPE[node.type] ?? ['pdf', 'application/pdf'];
  if (node.type === 'powerpointNode') {
    // The linked text, else the author's slides (form 1).
    const linked = req.inputs.content;
    const slides = slidesFromText(
      linked?.type === 'text' ? linked.text : (settings.text(['slides'], 0) ?? ''),
    );
    if (!slides.length) return { ok: false, errorCode: 'SLIDES_MISSING', configured: linked === undefined };
    bytes = await pptxFromSlides(title, slides);
    summary = `${title} (${slides.length} slides)`;
  } else if (node.type === 'csvToPdfNode') {
    const csv = req.inputs.csv;
    if (csv?.type !== 'csv' || csv.rows.length === 0)
      return { ok: false, errorCode: 'CSV_MISSING', configured: true };
    bytes = await pdfFromRows(title, csv.rows);
    summary = `${title} (${csv.rows.length} rows)`;
  } else {
    const template = settings.text(['template'], 0) ?? '';
    if (!template.trim()) return { ok: false, errorCode: 'TEMPLATE_MISSING', configured: false };
    const data = req.inputs.data;
    const filled = fillTemplate(template, data?.type === 'json' ? data.json : undefined);
    bytes = word ? await docxFromText(title, filled.text) : await pdfFromText(title, filled.text);
    if (filled.missing.length) summary = `${title} (missing: ${filled.missing.slice(0, 10).join(', ')})`;
  }
  const id = newId();
  const key = `documents/${owner.orgId ?? 'personal'}/${id}.${ext}`;
  const name = fileNameOf(title, ext);
  await deps.storage.put(key, bytes, mediaType);
  await insertMedia(deps.db, {
    id,
    userId: owner.userId,
    orgId: owner.orgId,
    path: 'flow-document',
    kind: 'document',
    fileName: name,
    contentType: mediaType,
    size: bytes.byteLength,
    storageKey: key,
  });
  const url = await deps.links.sign(id);
  return { ok: true, outputs: { file: { type: 'file', url, name, mediaType } }, summary };
}
