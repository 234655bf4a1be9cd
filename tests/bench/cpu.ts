/**
 * CPU time of the bench's processes, read from /proc (Linux): so a figure can say not only how many requests a server
 * answered but what each cost the machine's cores — the arithmetic behind a ratio the host cannot lift.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  /** utime + stime of the process (all its threads), in milliseconds. */
  readonly cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after its closing parenthesis are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid, ppid, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    // Gone meanwhile.
    return null;
  }
}

function allStats(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
}

/**
 * CPU milliseconds used so far by each group: a group is root pids and all their descendants alive now (a process
 * that ended since the last reading takes its time with it; PostgreSQL's backends and the bench's children live for
 * the whole run).
 */
export function cpuMsByGroup(groups: Readonly<Record<string, readonly number[]>>): Record<string, number> {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  const result: Record<string, number> = {};
  for (const [name, roots] of Object.entries(groups)) {
    let total = 0;
    const seen = new Set<number>();
    const queue = [...roots];
    while (queue.length > 0) {
      const pid = queue.pop() ?? 0;
      if (seen.has(pid)) continue;
      seen.add(pid);
      total += byPid.get(pid)?.cpuMs ?? 0;
      for (const child of children.get(pid) ?? []) queue.push(child.pid);
    }
    result[name] = total;
  }
  return result;
}

/** CPU used by each group while `work` ran, in milliseconds. */
export async function cpuDuring<T>(
  groups: Readonly<Record<string, readonly number[]>>,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: Record<string, number> }> {
  const before = cpuMsByGroup(groups);
  const result = await work();
  const after = cpuMsByGroup(groups);
  const cpuMs: Record<string, number> = {};
  for (const name of Object.keys(groups)) cpuMs[name] = Math.max(0, (after[name] ?? 0) - (before[name] ?? 0));
  return { result, cpuMs };
}

/** The parent of a process (a PostgreSQL backend's is its postmaster), or null when it is gone. */
export function parentPid(pid: number): number | null {
  return readStat(pid)?.ppid || null;
}
