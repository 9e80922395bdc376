import type { AppDeps } from './app-types';
import { loadKeys } from './auth/keys';
import type { Config } from './config';
import type { Db } from './db/client';
import { createDataCipher } from './lib/crypto';
import { createMail } from './lib/outbox';
import { createStorage } from './lib/storage';

/** Wires the shared services from configuration; `reader` is the replica's database when there is one. */
export function createDeps(config: Config, db: Db, reader: Db = db): AppDeps {
  const keys = loadKeys(config);
  const cipher = createDataCipher(keys.dataKey);
  return {
    config,
    db,
    reader,
    cipher,
    mail: createMail({
      from: config.MAIL_FROM,
      supportEmail: config.SUPPORT_EMAIL,
      publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
      cipher,
    }),
    tokens: {
      jwtSecret: keys.jwtSecret,
      accessMinutes: config.ACCESS_TOKEN_MINUTES,
      refreshDays: config.REFRESH_TOKEN_DAYS,
      sessionMaxHours: config.SESSION_MAX_HOURS,
      sessionTimeoutMinutes: config.SESSION_TIMEOUT_MINUTES,
    },
    storage: createStorage(config),
  };
}
