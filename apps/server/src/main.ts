import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_LOGINS, DEMO_PASSWORD } from '@dd/shared';
import { buildApp } from './app';
import { createBackgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { claimEmbeddedDatabase, embeddedDatabaseOwner, embeddedInUseMessage } from './db/embedded-owner';
import { seedDemoData } from './db/seed';
import { createDeps } from './deps';
import { createOutboxWorker } from './lib/outbox-worker';
import { checkBeforeStart } from './startup/start-checks';

/** Starts one server process: database, migrations, demo data, HTTP, the e-mail worker and the job queue. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const owner = config.DATABASE_URL ? null : embeddedDatabaseOwner(config.dataDir);
  if (owner !== null) {
    console.error(embeddedInUseMessage(config.dataDir, owner));
    process.exit(1);
  }
  const releaseEmbedded = config.DATABASE_URL ? () => {} : claimEmbeddedDatabase(config.dataDir);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    readUrl: config.DATABASE_READ_URL,
    dir: path.join(config.dataDir, 'db'),
  });
  const deps = createDeps(config, database.db, database.reader);
  const refusal = await checkBeforeStart(config, database.db, deps.cipher);
  if (refusal) {
    console.error(refusal);
    await database.close();
    releaseEmbedded();
    process.exit(1);
  }
  if (config.SEED_DEMO) {
    const { seeded } = await seedDemoData(database.db, {
      cipher: deps.cipher,
      internalCompanyId: config.INTERNAL_COMPANY_ID,
      filesDir: path.join(config.dataDir, 'files'),
    });
    if (seeded) console.log('Demo data created.');
  }
  const webDist = config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp(deps, { logger: true, webDist });
  const worker = config.SMTP_URL
    ? createOutboxWorker({
        db: database.db,
        smtpUrl: config.SMTP_URL,
        pollMs: config.OUTBOX_POLL_MS,
        cipher: deps.cipher,
        log: app.log,
      })
    : undefined;
  worker?.start();
  const jobs = createBackgroundJobs(deps, app.log);
  jobs.start();

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = `http://localhost:${config.PORT}`;
  console.log(
    [
      '',
      `Direct Docs is running at ${address}`,
      `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}${config.DATABASE_READ_URL ? ' (reports and search read from its replica)' : ''}`,
      `E-mail: ${config.SMTP_URL ? 'delivered over SMTP' : 'kept in the outbox (no SMTP_URL)'}`,
      '',
      ...(config.SEED_DEMO
        ? [
            `Demo logins (password ${DEMO_PASSWORD}):`,
            ...DEMO_LOGINS.map((l) => `  ${l.email.padEnd(32)} ${l.who}`),
            '',
          ]
        : []),
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await Promise.all([worker?.stop(), jobs.stop()]);
    await database.close();
    releaseEmbedded();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
