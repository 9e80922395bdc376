/**
 * The real server as its own process, as production runs it, on a PostgreSQL database made for the run:
 * what the load and crash scripts share. BENCH_DATABASE_URL names any database of the server; the
 * run's own database is created beside it and dropped afterwards, with the data directory.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, openSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

export interface Scratch {
  /** The settings every start of the server gets: database, data directory, keys, address. */
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  dataDir: string;
  remove(): Promise<void>;
}

export async function scratchInstallation(
  prefix: string,
  port: number,
  env: Record<string, string>,
): Promise<Scratch> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (any database on it).');
  const name = `${prefix}_${process.pid}`;
  // A connection per use: the crash script may restart the PostgreSQL server in between.
  const asAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  return {
    databaseUrl,
    dataDir,
    env: {
      ...process.env,
      // Not 'production': production never creates demo data, nor starts while demo accounts exist.
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      ACCESS_TOKEN_MINUTES: '60',
      ...env,
    },
    async remove() {
      await asAdmin(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts `src/main.ts` with node (no npm in between, so the process measured is the server), or another
 * `script`. With `logFile` its output goes straight to that file, as a terminal or a log collector would
 * take it, instead of through this process.
 */
export function startServer(
  env: NodeJS.ProcessEnv,
  options: { logFile?: string; script?: string; nodeArgs?: string[] } = {},
): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const sink = options.logFile ? openSync(options.logFile, 'a') : 'pipe';
  const script = options.script ?? 'src/main.ts';
  // A built script runs as production runs it; TypeScript sources go through tsx.
  const args = [...(options.nodeArgs ?? []), ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env,
    stdio: ['ignore', sink, sink],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  if (typeof sink === 'number') child.once('spawn', () => closeSync(sink));
  return { child, output };
}

/** Waits until `ready()` holds, failing with the server's output if it stops or takes two minutes. */
export async function waitForServer(
  server: { child: ChildProcess; output: string[] },
  ready: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${server.output.join('')}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready:\n${server.output.join('')}`);
}

export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * The server built as production runs it, in a copy of its own beside dist/ (where its packages
 * resolve), so another build during the run cannot pull it away; a restart then takes about a second,
 * not the half-minute of compiling the sources on a busy machine. `script` is for startServer.
 */
export function productionBuild(): { script: string; remove(): void } {
  execSync('npm run build -w apps/server', { cwd: new URL('..', import.meta.url), stdio: 'ignore' });
  const name = `.crash-server-${process.pid}`;
  const copy = path.join(serverDir, name);
  cpSync(path.join(serverDir, 'dist'), copy, { recursive: true });
  return { script: `${name}/main.js`, remove: () => rmSync(copy, { recursive: true, force: true }) };
}
