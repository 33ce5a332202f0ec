import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite takes no lock on its data directory (electric-sql/pglite#1106): a second process opening
 * the same folder succeeds, both write, and the folder no longer opens (`RuntimeError: Aborted()`).
 * That is how a crash turned into a broken database here: `kill -9` of `npm start` kills npm, not
 * the server it started, which keeps running on the folder; the next `npm start` opened the folder
 * beside it. So the folder gets what PostgreSQL's postmaster.pid gives a real server: a lock file
 * holding the owner's process id, refused while that process lives, taken over once it is gone.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The database folder is in use by process ${pid} on this machine (lock ${lockPath}). ` +
        'Stop that server first (a Flowlearn server started earlier may still be running), ' +
        'or delete the lock file if no such process exists.',
    );
    this.name = 'DataDirInUseError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user; still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The holder recorded in a lock file, or null when the file is unreadable or from another host. */
function holderOf(lockPath: string): number | null {
  try {
    const [pid, host] = readFileSync(lockPath, 'utf8').split('\n');
    const n = Number.parseInt(pid ?? '', 10);
    return Number.isInteger(n) && n > 0 && host === hostname() ? n : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock (atomic create), or throws DataDirInUseError while its holder lives. A lock left by
 * a process that died (or by this same process id: a container restarts its server as pid 1) is stale.
 * Returns the release, also run when the process exits.
 */
export function lockDataDir(lockPath: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid}\n${hostname()}\n`);
      closeSync(fd);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holderOf(lockPath);
      if (pid !== null && pid !== process.pid && alive(pid)) throw new DataDirInUseError(lockPath, pid);
      try {
        unlinkSync(lockPath);
      } catch {
        // another starter removed it first: try again
      }
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}
