import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, AppDeps } from './app-types';
import { registerSession } from './auth/session';
import { requireAccessRules } from './authz';
import { registerErrorHandler } from './lib/errors';
import { redactUrl } from './lib/redact';
import { registerWebApp } from './lib/web-app';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { emailRoutes } from './modules/email/email.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { noteTemplatesRoutes } from './modules/notetemplates/notetemplates.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { providersRoutes } from './modules/providers/providers.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { requestTypesRoutes } from './modules/requesttypes/requesttypes.routes';
import { staffworkRoutes } from './modules/staffwork/staffwork.routes';
import { usersRoutes } from './modules/users/users.routes';
import { websiteRoutes } from './modules/website/website.routes';

/** Builds the HTTP application; main.ts and the tests both use it. */
const modules = [
  healthRoutes,
  accountsRoutes,
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
  companiesRoutes,
  filesRoutes,
  staffworkRoutes,
];

export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; webDist?: string } = {},
): Promise<App> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: deps.config.LOG_LEVEL,
          serializers: {
            req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  requireAccessRules(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Direct Docs API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  registerSession(app, {
    db: deps.db,
    jwtSecret: deps.tokens.jwtSecret,
    internalCompanyId: deps.config.INTERNAL_COMPANY_ID,
  });

  for (const register of modules) await register(app, deps);
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  if (options.webDist) await registerWebApp(app, options.webDist);
  await app.ready();
  return app;
}
