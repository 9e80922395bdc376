import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createCompany, createPatient, signedIn } from '../../test/factories';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { claimEmbeddedDatabase, embeddedDatabaseOwner } from '../db/embedded-owner';
import { createDeps } from '../deps';
import { backup, restore } from './backup';

/**
 * Backup and restore of the embedded installation: a backup restored into an empty data
 * directory serves the same data, the SSN still readable (its generated key travels with it) and the
 * stored file the same bytes; restore never writes over an installation.
 */
const tmp = (name: string) => mkdtempSync(path.join(os.tmpdir(), `dd-${name}-`));
const embedded = (dataDir: string) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://app.test' });

/** The migrated template the suite's global setup made, so a fresh installation skips its migrations. */
const template = () => {
  const file = process.env.DD_PGLITE_TEMPLATE;
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
};

async function start(dataDir: string, fresh = false) {
  const config = embedded(dataDir);
  const database = await openDatabase({
    dir: path.join(config.dataDir, 'db'),
    template: fresh ? template() : undefined,
  });
  const deps = createDeps(config, database.db);
  const app = await buildApp(deps);
  return {
    config,
    database,
    deps,
    app,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('npm run backup / npm run restore (embedded database)', () => {
  it('restores into an empty data directory and serves the same data', async () => {
    const source = await start(tmp('source'), true);
    await createCompany(source.deps.db, { name: 'Direct Docs' }); // the internal company (id 1)
    const company = await createCompany(source.deps.db, { name: 'Backup Law Group' });
    const staff = await signedIn(source.deps, { companyId: company.id, isStaff: true });
    const patient = await createPatient(source.deps.db, company.id);
    const saved = await source.app.inject({
      method: 'POST',
      url: '/save_related_info/',
      headers: staff.headers,
      payload: { patient_id: patient.id, ssn: '123-45-6789' },
    });
    expect(saved.statusCode).toBe(200);
    await source.deps.storage.put('records/backup.pdf', Readable.from([Buffer.from('%PDF-1.4 records')]), {
      contentType: 'application/pdf',
    });
    await source.stop();

    const written = await backup(source.config, tmp('backups'));
    const target = embedded(tmp('target'));
    await restore(target, written);

    const restored = await start(target.dataDir);
    try {
      // The same session, signed with the restored key, reads the same SSN and the same file.
      const ssn = await restored.app.inject({
        method: 'POST',
        url: '/get_related_info/',
        headers: staff.headers,
        payload: { patient_id: patient.id },
      });
      expect(ssn.json()).toEqual({ related_info: { ssn: '123-45-6789' } });
      expect(await text(await restored.deps.storage.get('records/backup.pdf'))).toBe('%PDF-1.4 records');
      const firm = await restored.app.inject({
        url: `/api/home/company/${company.id}/`,
        headers: staff.headers,
      });
      expect(JSON.stringify(firm.json())).toContain('Backup Law Group');
    } finally {
      await restored.stop();
    }
    // Never over an installation.
    await expect(restore(target, written)).rejects.toThrow(/empty data directory/);
  }, 60_000);
});

describe('the embedded database while a server has it open', () => {
  it('refuses to back it up or restore into it, and forgets a server that stopped without a word', async () => {
    const dataDir = tmp('running');
    // The server: another process (this one's parent, which outlives the test).
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
    expect(embeddedDatabaseOwner(dataDir)).toBe(process.ppid);
    const refusal = `A server (process ${process.ppid}) has the embedded database in ${dataDir} open: stop it first.`;
    await expect(backup(embedded(dataDir), tmp('backups'))).rejects.toThrow(refusal);
    await expect(restore(embedded(dataDir), tmp('no-backup'))).rejects.toThrow(refusal);
    // This process's own id is a previous run's; a process id that no longer runs owns nothing either.
    claimEmbeddedDatabase(dataDir)();
    expect(embeddedDatabaseOwner(dataDir)).toBeNull();
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
    expect(embeddedDatabaseOwner(dataDir)).toBeNull();
    // A crash leaves the file behind: a process id that no longer runs owns nothing.
    writeFileSync(path.join(dataDir, 'server.pid'), '2147483646');
    expect(embeddedDatabaseOwner(dataDir)).toBeNull();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('npm run backup / npm run restore (PostgreSQL)', () => {
  it('restores a pg_dump into an empty database, and refuses one that is not empty', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
    const [from, to] = [`dd_backup_from_${suffix}`, `dd_backup_to_${suffix}`];
    const urlOf = (name: string) => {
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const settings = (name: string) =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp(name), DATABASE_URL: urlOf(name), S3_BUCKET: 'in-s3' });
    try {
      await admin.query(`create database ${from}`);
      await admin.query(`create database ${to}`);
      const source = await openDatabase({ url: urlOf(from) });
      const company = await createCompany(source.db, { name: 'Postgres Backup Firm' });
      await source.close();

      const written = await backup(settings(from), tmp('pg-backups'));
      // Health information: readable by the operator's account alone.
      expect(statSync(path.join(written, 'database.dump')).mode & 0o777).toBe(0o600);
      await restore(settings(to), written);
      const restored = new pg.Client({ connectionString: urlOf(to) });
      await restored.connect();
      const { rows } = await restored.query('select name from companies where id = $1', [company.id]);
      await restored.end();
      expect(rows).toEqual([{ name: 'Postgres Backup Firm' }]);
      await expect(restore(settings(to), written)).rejects.toThrow(/not empty/);
    } finally {
      await admin.query(`drop database if exists ${from} with (force)`);
      await admin.query(`drop database if exists ${to} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
