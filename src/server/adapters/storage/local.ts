import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type FileStorage, STORAGE_KEY } from './storage';

/** Files in a folder. Writes go to a temporary name first, so a reader never sees half a file. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`Bad storage key: ${key}`);
    return join(root, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
