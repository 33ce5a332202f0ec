import { FLOW_FILE_DOCUMENT, FLOW_FILE_MANIFEST } from '../../shared/domain/flow-file';
import { badRequest } from '../http/errors';
import type { ZipEntry } from './zip-reader';

/**
 * Where manifest.json and flow.json sit in a .flow zip. Our exports put them at the root; a user who
 * unzipped one and zipped it again with "Compress folder" (Finder) or "Send to › Compressed folder"
 * (Windows) gets them inside one top-level folder, plus what those tools add on their own (folder
 * entries, macOS's __MACOSX/ resource forks and .DS_Store). Both layouts import. Anything that could
 * mean two different flows (files in the root and in a folder, two folders, a deeper folder) is
 * refused with a message that says how to fix it, never guessed.
 */

const FLOW_NAMES = new Set([FLOW_FILE_MANIFEST, FLOW_FILE_DOCUMENT]);
const JUNK_FILES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/** What archivers add without being asked: folder entries and desktop metadata files. */
export function isArchiverJunk(name: string): boolean {
  if (name.endsWith('/')) return true;
  if (name.startsWith('__MACOSX/')) return true;
  const base = name.slice(name.lastIndexOf('/') + 1);
  return JUNK_FILES.has(base) || base.startsWith('._');
}

const folderOf = (name: string) => name.slice(0, name.lastIndexOf('/') + 1);
const baseOf = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/**
 * The folder ('' for the root, else 'Name/') that holds the flow's two files. Throws 400 when the
 * layout is ambiguous or has no manifest.json anywhere.
 */
export function flowFolderOf(entries: ReadonlyArray<ZipEntry>): string {
  const files = entries.filter((e) => !isArchiverJunk(e.name));
  const flowFiles = files.filter((e) => FLOW_NAMES.has(baseOf(e.name)));
  const folders = [...new Set(flowFiles.map((e) => folderOf(e.name)))];
  if (folders.length === 0 || !flowFiles.some((e) => baseOf(e.name) === FLOW_FILE_MANIFEST)) {
    throw badRequest(`The .flow file has no ${FLOW_FILE_MANIFEST}.`);
  }
  if (folders.length > 1) {
    const where = folders.map((f) => (f === '' ? 'the top level' : f)).join(', ');
    throw badRequest(
      `The .flow file holds ${FLOW_FILE_MANIFEST} or ${FLOW_FILE_DOCUMENT} in more than one place (${where}); zip one flow's two files, or the one folder holding them.`,
    );
  }
  const folder = folders[0];
  if (folder === '') return folder;
  if (folder.indexOf('/') !== folder.length - 1) {
    throw badRequest(
      `The .flow file keeps its files in a nested folder (${folder}); zip the folder that holds ${FLOW_FILE_MANIFEST} and ${FLOW_FILE_DOCUMENT}.`,
    );
  }
  const outside = files.find((e) => !e.name.startsWith(folder));
  if (outside) {
    throw badRequest(
      `The .flow file holds the folder ${folder} and also ${outside.name} outside it; zip only the folder that holds ${FLOW_FILE_MANIFEST} and ${FLOW_FILE_DOCUMENT}.`,
    );
  }
  return folder;
}
