import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time. A running server says so in
 * DATA_DIR/server.pid; backup, restore and a second server refuse while that process lives. A server
 * that crashed leaves the file behind with a process id that no longer runs, which owns nothing.
 */
const ownerFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** The live process that has the embedded database open, other than this one, or null. */
export function embeddedDatabaseOwner(dataDir: string): number | null {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  // Our own id in the file is a previous run's (a restarted container's server is process 1 again).
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Marks this process as the embedded database's owner; the returned function lets go. */
export function claimEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(ownerFile(dataDir), `${process.pid}\n`);
  return () => rmSync(ownerFile(dataDir), { force: true });
}

export function embeddedInUseMessage(dataDir: string, pid: number): string {
  return `A server (process ${pid}) has the embedded database in ${dataDir} open: stop it first.`;
}
