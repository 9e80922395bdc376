import type { AppDeps } from './app-types';
import { loadKeys } from './auth/keys';
import { LoginLimiter } from './auth/login-limiter';
import type { Config } from './config';
import type { Db } from './db/client';
import { createDataCipher } from './lib/crypto';
import { createMail } from './lib/outbox';
import { createStorage } from './lib/storage';

/** Wires the shared services from configuration. */
export function createDeps(config: Config, db: Db): AppDeps {
  const keys = loadKeys(config);
  return {
    config,
    db,
    cipher: createDataCipher(keys.dataKey),
    mail: createMail({
      from: config.MAIL_FROM,
      supportEmail: config.SUPPORT_EMAIL,
      publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    }),
    tokens: {
      jwtSecret: keys.jwtSecret,
      accessMinutes: config.ACCESS_TOKEN_MINUTES,
      refreshDays: config.REFRESH_TOKEN_DAYS,
    },
    loginLimiter: new LoginLimiter(config.LOGIN_RATE_LIMIT, config.LOGIN_RATE_LIMIT * 5),
    storage: createStorage(config),
  };
}
