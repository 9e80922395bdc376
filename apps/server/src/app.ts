import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from './app-types';
import { registerSession } from './auth/session';
import { requireAccessRules } from './authz';
import type { Config } from './config';
import { clientIp } from './lib/client-ip';
import { registerErrorHandler } from './lib/errors';
import { registerInputGuard } from './lib/input-guard';
import { openApiTransform, SECURITY_SCHEMES } from './lib/openapi';
import { LOG_REDACT_PATHS, redactUrl, safeError, safeLogMethod } from './lib/redact';
import { registerWebApp } from './lib/web-app';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { signupRoutes } from './modules/accounts/signup.routes';
import { apiDocsRoutes } from './modules/apidocs/apidocs.routes';
import { apiKeysRoutes } from './modules/apikeys/apikeys.routes';
import { authorizationsRoutes } from './modules/authorizations/authorizations.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { quoteRoutes } from './modules/billing/quote.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { completenessRoutes } from './modules/completeness/completeness.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { adminOptionsUrl } from './modules/data-admin/data-admin.rewrite';
import { dataAdminRoutes } from './modules/data-admin/data-admin.routes';
import { modelMakerRoutes } from './modules/data-admin/model-maker.routes';
import { dataDashboardRoutes } from './modules/datadashboard/datadashboard.routes';
import { diskUsageRoutes } from './modules/diskusage/diskusage.routes';
import { emailRoutes } from './modules/email/email.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { feesRoutes } from './modules/fees/fees.routes';
import { filesRoutes } from './modules/files/files.routes';
import { followUpsRoutes } from './modules/followups/followups.routes';
import { geocoderRoutes } from './modules/geocoder/geocoder.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerMetrics } from './modules/metrics/metrics.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { noteTemplatesRoutes } from './modules/notetemplates/notetemplates.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { outcomesRoutes } from './modules/outcomes/outcomes.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { paymentOrigins } from './modules/payments/stripe-client';
import { pdfFormsRoutes } from './modules/pdfforms/pdfforms.routes';
import { providersRoutes } from './modules/providers/providers.routes';
import { recordsSearchRoutes } from './modules/recordsearch/search.routes';
import { recordsPackageRoutes } from './modules/recordspackage/package.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { staffReportsRoutes } from './modules/reports/staff-reports.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { requestTypesRoutes } from './modules/requesttypes/requesttypes.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { signingRoutes } from './modules/signing/signing.routes';
import { staffworkRoutes } from './modules/staffwork/staffwork.routes';
import { usersRoutes } from './modules/users/users.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { websiteRoutes } from './modules/website/website.routes';

/** Longest wait for a request's headers (never above REQUEST_TIMEOUT_SECONDS). */
const HEADERS_TIMEOUT_MS = 30_000;

/** Where log lines go instead of stdout (the tests capture them). */
export interface LogStream {
  write(line: string): void;
}

const modules = [
  healthRoutes,
  accountsRoutes,
  signupRoutes,
  emailRoutes,
  websiteRoutes,
  dashboardRoutes,
  patientsRoutes,
  providersRoutes,
  requestsRoutes,
  notesRoutes,
  requestTypesRoutes,
  noteTemplatesRoutes,
  usersRoutes,
  rolesRoutes,
  companiesRoutes,
  filesRoutes,
  recordsPackageRoutes,
  completenessRoutes,
  recordsSearchRoutes,
  staffworkRoutes,
  authorizationsRoutes,
  signingRoutes,
  followUpsRoutes,
  eventsRoutes,
  notificationsRoutes,
  billingRoutes,
  quoteRoutes,
  feesRoutes,
  outcomesRoutes,
  dataDashboardRoutes,
  reportsRoutes,
  pdfFormsRoutes,
  staffReportsRoutes,
  diskUsageRoutes,
  modelMakerRoutes,
  apiDocsRoutes,
  apiKeysRoutes,
  webhooksRoutes,
  geocoderRoutes,
  paymentsRoutes,
  // Last: its /api/{app}/{model}/ routes answer only paths no product route has.
  dataAdminRoutes,
];

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify treats a bare hop count as "trust nobody", so a count
 * becomes a function trusting that many hops from the socket: the operator states that the server is
 * reachable only through that many proxies.
 */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the HTTP application; main.ts and the tests both use it. */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; webDist?: string; logStream?: LogStream } = {},
): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger
      ? {
          level: config.LOG_LEVEL,
          ...(options.logStream && { stream: options.logStream }),
          // No query strings, SQL, parameters or error causes at any level (lib/redact.ts).
          serializers: {
            req: (req) => ({
              method: req.method,
              url: redactUrl(req.url),
              remoteAddress: clientIp(req) ?? undefined,
            }),
            err: safeError,
          },
          hooks: { logMethod: safeLogMethod },
          redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
        }
      : false,
    // X-Forwarded-For only from the proxies TRUST_PROXY names; by default the socket address is the client.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // One access line per request (below, on its response) instead of Fastify's two (decision 045).
    disableRequestLogging: true,
    bodyLimit: 1_048_576,
    // A whole request (uploads included) must arrive within REQUEST_TIMEOUT_SECONDS, and a connection
    // that stays silent for IDLE_TIMEOUT_SECONDS is closed, so slow clients cannot hold connections.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    rewriteUrl: (req) => adminOptionsUrl(req.method, req.url) ?? req.url ?? '/',
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_SECONDS * 1000);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.logger)
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  registerErrorHandler(app);
  registerInputGuard(app);
  requireAccessRules(app);

  const overHttps = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const stripeOrigins = paymentOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeOrigins.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeOrigins.connect],
        frameSrc: [
          "'self'",
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          ...stripeOrigins.frame,
        ],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain http these would force every script and style to https: a blank page.
        upgradeInsecureRequests: overHttps ? [] : null,
      },
    },
    strictTransportSecurity: overHttps,
    crossOriginEmbedderPolicy: false,
  });
  // Answers over 1 kB travel brotli- or gzip-compressed; a route with `compress: false` (file downloads)
  // streams its bytes as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Direct Docs API', version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: openApiTransform,
  });
  registerSession(app, {
    db: deps.db,
    tokens: deps.tokens,
    internalCompanyId: deps.config.INTERNAL_COMPANY_ID,
    apiKeyRateLimit: deps.config.API_KEY_RATE_LIMIT,
    stampWrites: deps.reader !== deps.db,
  });

  registerMetrics(app, deps);
  for (const register of modules) await register(app, deps);
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  if (options.webDist) await registerWebApp(app, options.webDist);
  await app.ready();
  return app;
}
