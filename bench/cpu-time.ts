/**
 * CPU time spent by processes, read from Linux's /proc: what a server and its PostgreSQL backends pay per
 * call, whatever the rest of the machine does. A process that ends between two readings loses its share.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

function ticksOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis start at the state (field 3): utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

const commandOf = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Ticks per PostgreSQL process (every `postgres` process on the machine) at this moment. */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (commandOf(pid) === 'postgres') ticks.set(pid, ticksOf(pid));
  }
  return ticks;
}

export interface CpuReading {
  server: number;
  postgres: Map<string, number>;
}

export const readCpu = (serverPid: number): CpuReading => ({
  server: ticksOf(serverPid),
  postgres: postgresTicks(),
});

/** Milliseconds of CPU the server and PostgreSQL spent between two readings. */
export function cpuSpent(before: CpuReading, after: CpuReading): { server: number; postgres: number } {
  let postgres = 0;
  for (const [pid, ticks] of after.postgres) postgres += ticks - (before.postgres.get(pid) ?? 0);
  return { server: (after.server - before.server) * TICK_MS, postgres: postgres * TICK_MS };
}
