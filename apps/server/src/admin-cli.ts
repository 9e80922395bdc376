import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_USAGE, runAdminCommand } from './admin/commands';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { embeddedDatabaseOwner, embeddedInUseMessage } from './db/embedded-owner';
import { createDeps } from './deps';

/**
 * `npm run admin -- <command>`: operator commands against the same configuration, DATABASE_URL and
 * DATA_DIR as the server (see admin/commands.ts).
 */
async function main(args: string[]): Promise<number> {
  if (!args.length || args[0] === '--help' || args[0] === '-h') {
    console.log(ADMIN_USAGE);
    return args.length ? 0 : 2;
  }
  const config = loadConfig();
  const owner = config.DATABASE_URL ? null : embeddedDatabaseOwner(config.dataDir);
  if (owner !== null) {
    console.error(embeddedInUseMessage(config.dataDir, owner));
    return 1;
  }
  if (!config.DATABASE_URL && (await serverIsUp(config.PORT))) {
    console.error(
      `The server is running on port ${config.PORT} with the embedded database, which only one process may open. ` +
        'Stop it, run this command, then start it again (or use DATABASE_URL).',
    );
    return 1;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ url: config.DATABASE_URL, dir: path.join(config.dataDir, 'db') });
  try {
    const result = await runAdminCommand(args, createDeps(config, database.db));
    (result.code === 0 ? console.log : console.error)(result.output);
    return result.code;
  } finally {
    await database.close();
  }
}

async function serverIsUp(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error((error as Error).message ?? error);
    process.exit(1);
  },
);
