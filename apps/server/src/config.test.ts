import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      INTERNAL_COMPANY_ID: 1,
      SESSION_TIMEOUT_MINUTES: 30,
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_KEY: 'short' })).toThrow(
      /PORT[\s\S]*DATA_KEY|DATA_KEY[\s\S]*PORT/,
    );
  });

  it('takes a read replica only beside its primary', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgresql://replica/dd' })).toThrow(
      /DATABASE_READ_URL: a read replica needs its primary; set DATABASE_URL/,
    );
    const both = { DATABASE_URL: 'postgresql://primary/dd', DATABASE_READ_URL: 'postgresql://replica/dd' };
    expect(loadConfig(both).DATABASE_READ_URL).toBe('postgresql://replica/dd');
    expect(loadConfig({ DATABASE_URL: 'postgresql://primary/dd' }).DATABASE_READ_URL).toBeUndefined();
  });

  it('refuses to start in production with generated keys or without its public address', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /production needs JWT_SECRET, DATA_KEY, PUBLIC_URL/,
    );
    const keys = { JWT_SECRET: 'j'.repeat(32), DATA_KEY: 'a'.repeat(64) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...keys })).toThrow(/needs PUBLIC_URL/);
    expect(
      loadConfig({ NODE_ENV: 'production', ...keys, PUBLIC_URL: 'https://records.example' }).NODE_ENV,
    ).toBe('production');
  });

  it('never creates demo data in production, and refuses to be told to', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(32),
      DATA_KEY: 'a'.repeat(64),
      PUBLIC_URL: 'https://records.example',
    };
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo data is never created in production/,
    );
    expect(loadConfig({}).SEED_DEMO).toBe(true);
  });

  it('keeps the data of an npm script run from the repository root in its ./data folder', () => {
    expect(loadConfig({ INIT_CWD: '/srv/directdocs' }).dataDir).toBe('/srv/directdocs/data');
    expect(loadConfig({ INIT_CWD: '/srv/directdocs', DATA_DIR: '/var/lib/dd' }).dataDir).toBe('/var/lib/dd');
  });
});
