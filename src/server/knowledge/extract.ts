import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TDocumentPage } from '../../shared/domain/knowledge/chunks';
import { inflateEntry, readCentralDirectory, ZipError } from '../flows/zip-reader';
import { badRequest } from '../http/errors';

/**
 * The text of an uploaded document, page by page where the format has pages (docs/design/knowledge.md
 * says why these libraries): PDF with unpdf (Mozilla's pdf.js built for servers: no worker, no canvas),
 * DOCX with mammoth after our own zip bomb check, TXT as UTF-8. The old binary .doc is refused with a
 * clear message: no well-kept JavaScript library reads it.
 */

/** A DOCX is a zip: at most this many entries, this many bytes unpacked, and this ratio. */
export const DOCX_MAX_ENTRIES = 2000;
export const DOCX_MAX_UNPACKED = 100 * 1024 * 1024;
export const DOCX_MAX_RATIO = 200;
/** Text kept from one document: more is a book, not a classroom handout. */
export const DOCUMENT_MAX_CHARS = 5_000_000;

const damaged = (ext: string, why: string) => badRequest(`file: the .${ext} file cannot be read: ${why}`);

export async function documentPages(ext: string, bytes: Uint8Array): Promise<TDocumentPage[]> {
  switch (ext) {
    case 'pdf':
      return pdfPages(bytes);
    case 'docx':
      return [{ text: await docxText(bytes), page: null }];
    case 'txt':
      return [{ text: new TextDecoder('utf-8').decode(bytes), page: null }];
    case 'doc':
      throw badRequest(
        'file: the old Word format (.doc) cannot be read; save it as .docx or .pdf in Word and upload that',
      );
    default:
      throw badRequest(`file: the file type .${ext || '?'} is not a document (pdf, docx, doc, txt)`);
  }
}

async function pdfPages(bytes: Uint8Array): Promise<TDocumentPage[]> {
  let pages: string[];
  try {
    // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's bytes intact.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw damaged('pdf', 'it is protected by a password');
    throw damaged('pdf', 'it is damaged or not a PDF');
  }
  return limited(pages.map((text, i) => ({ text, page: i + 1 })));
}

async function docxText(bytes: Uint8Array): Promise<string> {
  let entries: ReturnType<typeof readCentralDirectory>;
  try {
    entries = readCentralDirectory(bytes);
  } catch (error) {
    throw damaged('docx', error instanceof ZipError ? error.message : 'it is not a zip archive');
  }
  checkZip(entries);
  // Each entry is unpacked once, stopped at its declared size and checked against its CRC, so the
  // sizes checked above are the true ones before mammoth unpacks the same archive.
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    try {
      await inflateEntry(bytes, entry);
    } catch (error) {
      throw damaged('docx', error instanceof ZipError ? error.message : 'its contents cannot be unpacked');
    }
  }
  if (!entries.some((e) => e.name === 'word/document.xml'))
    throw damaged('docx', 'it has no word/document.xml (is it a Word document?)');
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return limited([{ text: value, page: null }])[0].text;
  } catch {
    throw damaged('docx', 'its document part is not valid Word XML');
  }
}

function checkZip(entries: ReturnType<typeof readCentralDirectory>): void {
  if (entries.length > DOCX_MAX_ENTRIES)
    throw damaged('docx', `it holds ${entries.length} files; at most ${DOCX_MAX_ENTRIES} are allowed`);
  const packed = entries.reduce((s, e) => s + e.size, 0);
  const unpacked = entries.reduce((s, e) => s + e.originalSize, 0);
  if (unpacked > DOCX_MAX_UNPACKED)
    throw damaged('docx', `it unpacks to more than ${DOCX_MAX_UNPACKED / 1024 / 1024} MB`);
  const ratio = unpacked / Math.max(packed, 1);
  if (ratio > DOCX_MAX_RATIO)
    throw damaged('docx', `it is compressed ${Math.round(ratio)}:1; it is refused as a possible zip bomb`);
}

/** Stops at DOCUMENT_MAX_CHARS in all, so one upload cannot fill the database. */
function limited(pages: TDocumentPage[]): TDocumentPage[] {
  let left = DOCUMENT_MAX_CHARS;
  const out: TDocumentPage[] = [];
  for (const p of pages) {
    if (left <= 0) break;
    out.push({ ...p, text: p.text.slice(0, left) });
    left -= p.text.length;
  }
  return out;
}
