import path from 'node:path';
import { backup, restore } from './admin/backup';
import { loadConfig } from './config';

/** `npm run backup -- DIR` / `npm run restore -- BACKUP_DIR`, with the server's own settings (docs/deploy.md). */
const [command, given] = process.argv.slice(2);
// npm runs this in apps/server: a relative folder is taken from where the command was typed.
const target = given && path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
const config = loadConfig();
try {
  if (command === 'backup' && target) {
    console.log(`Backup written to ${await backup(config, target)}`);
  } else if (command === 'restore' && target) {
    const manifest = await restore(config, target);
    console.log(
      `Restored the backup of ${manifest.created_at} into ${config.DATABASE_URL ? 'the database' : config.dataDir}.`,
    );
  } else {
    console.error('Usage: npm run backup -- DIR   |   npm run restore -- BACKUP_DIR');
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
