import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenSettings } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/client';
import type { DataCipher } from './lib/crypto';
import type { Mail } from './lib/outbox';
import type { Storage } from './lib/storage';

/** What every module receives: the database, configuration and shared services. */
export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * The streaming replica's database (DATABASE_READ_URL), or `db` when there is none. Only the routes that
   * read through lib/read-replica.ts use it (decision 068).
   */
  reader: Db;
  cipher: DataCipher;
  mail: Mail;
  tokens: TokenSettings;
  storage: Storage;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type Module = (app: App, deps: AppDeps) => void | Promise<void>;
