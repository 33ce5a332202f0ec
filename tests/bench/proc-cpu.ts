import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) of a process, from /proc (Linux); null where it cannot be read. */
export function processCpuMs(pid: number): number | null {
  return stat(pid)?.cpuMs ?? null;
}

function stat(pid: number): { cpuMs: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // fields from the state on: ppid is the 2nd, utime and stime the 12th and 13th (clock ticks of 10 ms)
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/**
 * CPU of the PostgreSQL server listening on `port` (its postmaster and children) when it runs on this
 * machine and /proc lets us read it (no port: none, e.g. PGlite): a snapshot per process, so backends that end meanwhile are not
 * counted as negative time. `delta(before)` gives the ms used since.
 */
export function postgresCpu(port: string) {
  const snapshot = (): Map<number, number> | null => {
    if (!port) return null;
    const procs = new Map<number, { cmd: string; ppid: number; cpuMs: number }>();
    try {
      for (const p of readdirSync('/proc')) {
        if (!/^\d+$/.test(p)) continue;
        try {
          const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
          if (!cmd.startsWith('postgres') && !cmd.includes('/postgres\0')) continue;
          const s = stat(Number(p));
          if (s) procs.set(Number(p), { cmd, ...s });
        } catch {
          // ended meanwhile
        }
      }
    } catch {
      return null;
    }
    const master = [...procs].find(([, v]) => !procs.has(v.ppid) && v.cmd.split('\0').includes(port));
    if (!master) return null;
    const out = new Map<number, number>();
    for (const [pid, v] of procs) if (pid === master[0] || v.ppid === master[0]) out.set(pid, v.cpuMs);
    return out;
  };
  return {
    snapshot,
    delta(before: Map<number, number> | null): number | null {
      const after = snapshot();
      if (!before || !after) return null;
      let ms = 0;
      for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
      return ms;
    },
  };
}
