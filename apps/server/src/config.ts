import path from 'node:path';
import { DEFAULT_FOLLOW_UP_BUSINESS_DAYS, DEFAULT_INACTIVITY_MINUTES } from '@dd/shared';
import { z } from 'zod';

/** Every environment variable the server reads, with its default. A bad value stops start-up. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  /**
   * A streaming replica of DATABASE_URL's database: the staff dashboard, reports, the completed-with-fees
   * table, CSV exports and records search read there (decision 068). Only with DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().startsWith('postgres').optional(),
  JWT_SECRET: z.string().min(32).optional(),
  DATA_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  RESET_TOKEN_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  INTERNAL_COMPANY_ID: z.coerce.number().int().positive().default(1),
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().default('Direct Docs <support@directdocs.example>'),
  SUPPORT_EMAIL: z.email().default('support@directdocs.example'),
  /** Printed under the totals of every invoice PDF. */
  INVOICE_PAYMENT_INSTRUCTIONS: z
    .string()
    .max(1000)
    .default(
      'Please pay within 30 days by check payable to Direct Docs, or by bank transfer.\nWrite the invoice number on your payment. Questions: support@directdocs.example',
    ),
  /** Demo data on an empty database: on by default, refused in production (its passwords are public). */
  SEED_DEMO: bool.optional(),
  /** The model maker's changes that remove data: on by default, off in production unless 'on'. */
  MODEL_MAKER: z.enum(['on', 'off']).optional(),
  /** Business days after a staff note (or the first send) before the request is due again. */
  FOLLOW_UP_BUSINESS_DAYS: z.coerce.number().int().min(1).max(60).default(DEFAULT_FOLLOW_UP_BUSINESS_DAYS),
  SESSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(720).default(DEFAULT_INACTIVITY_MINUTES),
  /** Absolute session lifetime, whatever the activity. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Sign-ups per IP address per hour. */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Contact-form messages per IP address per hour. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Invitation and user-creation calls per company per hour (and twice that per IP address). */
  INVITE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Calls per API key per minute (decision 054). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** How many '… already exists at another law firm.' answers a company may receive per hour. */
  EXISTING_EMAIL_ANSWERS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /**
   * Which proxies may set X-Forwarded-For: unset or 'false' trusts none (the socket address is the
   * client), a number trusts that many hops, or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      if (v === '' || v === 'false') return false;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be false, a hop count, or a list of proxy addresses' });
      return z.NEVER;
    }),
  /** Longest time to receive a whole request (uploads included), and the idle time of a connection. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** An upload whose average rate (kilobits per second) is below this after UPLOAD_GRACE_SECONDS is cut off. */
  MIN_UPLOAD_KBPS: z.coerce.number().int().min(1).default(16),
  UPLOAD_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** How often an idle server looks for background jobs (PDF rendering, summaries, snapshots). */
  JOB_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Object storage: S3 (or any S3-compatible server) when S3_BUCKET is set, else DATA_DIR/files. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(2048).default(50),
  FILE_URL_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** Tutorial videos shown on the dashboard, the request form and the PDF form editor (embeddable URLs). */
  HELP_VIDEO_URL: z.url().optional(),
  REQUEST_VIDEO_URL: z.url().optional(),
  PDF_FORM_VIDEO_URL: z.url().optional(),
  /** A Nominatim-compatible geocoder (its /search answers format=jsonv2) for the address search. */
  GEOCODER_URL: z.url().optional(),
  /** Bearer token a Prometheus scraper sends to GET /metrics; without it /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Card payments (Stripe): on when the secret, publishable and webhook signing keys are all set. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** The plan (Stripe price id) whose subscription publishes a host listing. */
  STRIPE_LISTING_PLAN_ID: z.string().min(1).optional(),
  /** Where the server reaches the provider's API and the browser loads Stripe.js (tests use a stand-in). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'SEED_DEMO' | 'MODEL_MAKER'> & {
  SEED_DEMO: boolean;
  MODEL_MAKER: 'on' | 'off';
  dataDir: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.DATABASE_READ_URL && !parsed.data.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URL: a read replica needs its primary; set DATABASE_URL to the primary PostgreSQL, or unset DATABASE_READ_URL (the embedded database has no replica)',
    );
  }
  const production = parsed.data.NODE_ENV === 'production';
  if (production && parsed.data.SEED_DEMO) {
    throw new Error(
      'Invalid configuration:\n  SEED_DEMO: demo data is never created in production (its passwords are public); unset it',
    );
  }
  if (production) {
    const missing = (['JWT_SECRET', 'DATA_KEY', 'PUBLIC_URL'] as const).filter((k) => !parsed.data[k]);
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration:\n  production needs ${missing.join(', ')} set (generated keys are for trying the product, not for health information; docs/deploy.md)`,
      );
    }
  }
  // npm runs a workspace's script in the workspace's folder and says where it was typed in INIT_CWD:
  // `npm start` and `npm run admin` from the repository root keep their data in the root's ./data.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? !production,
    MODEL_MAKER: parsed.data.MODEL_MAKER ?? (production ? 'off' : 'on'),
    dataDir: path.resolve(base, parsed.data.DATA_DIR),
  };
}
