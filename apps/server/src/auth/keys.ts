import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Secrets: JWT_SECRET and DATA_KEY from the environment, or generated once and kept in
 * DATA_DIR/keys.json (mode 600) for the embedded default. Production sets both variables.
 */
export interface Keys {
  jwtSecret: string;
  dataKey: Buffer;
}

export function loadKeys(config: Config): Keys {
  if (config.JWT_SECRET && config.DATA_KEY) {
    return { jwtSecret: config.JWT_SECRET, dataKey: Buffer.from(config.DATA_KEY, 'hex') };
  }
  const file = path.join(config.dataDir, 'keys.json');
  let stored: { jwtSecret: string; dataKey: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    stored = { jwtSecret: randomBytes(48).toString('base64url'), dataKey: randomBytes(32).toString('hex') };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return {
    jwtSecret: config.JWT_SECRET ?? stored.jwtSecret,
    dataKey: Buffer.from(config.DATA_KEY ?? stored.dataKey, 'hex'),
  };
}
