import { randomUUID } from 'node:crypto';
import { toCents } from '@dd/shared';
import { hash } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../src/app-types';
import { issueTokens } from '../src/auth/tokens';
import type { Auth } from '../src/authz';
import type { Db } from '../src/db/client';
import {
  companies,
  files,
  patients,
  providers,
  requests,
  requestTypes,
  roles,
  users,
} from '../src/db/schema';
import { requestTypeText } from '../src/modules/requests/requests.types';
import { addRequestTypes } from '../src/modules/requests/requests.types.queries';
import { INTERNAL_COMPANY_ID } from './helpers';

/** Factories: each call makes fresh rows with unique names, so tests run side by side. */
export const TEST_PASSWORD = 'CorrectHorse9!';
let passwordHash: Promise<string> | undefined;
/**
 * Test users' password: argon2id like every stored hash, with the smallest cost the library allows, so
 * the many sign-ins of a suite take microseconds (the production parameters stay in passwords.ts, and
 * the hash carries its own parameters for verify).
 */
const CHEAP_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** A law firm; `requestPrice` is in dollars, as a test reads it (stored as whole cents). */
export async function createCompany(
  db: Db,
  values: Omit<Partial<typeof companies.$inferInsert>, 'requestPrice'> & { requestPrice?: number } = {},
) {
  const { requestPrice, ...rest } = values;
  const [company] = await db
    .insert(companies)
    .values({
      name: `Firm ${randomUUID().slice(0, 8)}`,
      ...rest,
      ...(requestPrice === undefined ? {} : { requestPrice: toCents(requestPrice) }),
    })
    .returning();
  return company;
}

export interface UserOptions {
  companyId?: number;
  isStaff?: boolean;
  isAdminUser?: boolean;
  isActive?: boolean;
  permissions?: string[];
  email?: string;
  /** Defaults to true: most tests act as a confirmed user. */
  emailConfirmed?: boolean;
}

export async function createUser(db: Db, options: UserOptions = {}) {
  passwordHash ??= hash(TEST_PASSWORD, CHEAP_ARGON2);
  const companyId = options.companyId ?? (await createCompany(db)).id;
  let roleId: number | undefined;
  if (options.permissions) {
    const [role] = await db
      .insert(roles)
      .values({ name: `Role ${randomUUID().slice(0, 8)}`, permissions: options.permissions })
      .returning();
    roleId = role.id;
  }
  const id = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User ${id}`,
      email: options.email ?? `user-${id}@example.test`,
      passwordHash: await passwordHash,
      companyId,
      roleId,
      isStaff: options.isStaff ?? false,
      isAdminUser: options.isAdminUser ?? false,
      isActive: options.isActive ?? true,
      emailConfirmedAt: options.emailConfirmed === false ? null : new Date(),
    })
    .returning();
  return user;
}

/** A signed-in caller: the user and an access token. */
export async function signedIn(deps: AppDeps, options: UserOptions = {}) {
  const user = await createUser(deps.db, options);
  const { access, refresh } = await issueTokens(deps.db, user, deps.tokens);
  return { user, access, refresh, headers: { authorization: `Bearer ${access}` } };
}

/** An internal administrator with every named permission. */
export const INTERNAL_ADMIN: UserOptions = {
  companyId: INTERNAL_COMPANY_ID,
  isStaff: true,
  isAdminUser: true,
  permissions: ['release_any_claim', 'view_fees', 'view_company_counts', 'manage_users'],
};

/** The kinds of caller the access suite walks through. */
export async function callers(deps: AppDeps) {
  const firm = await createCompany(deps.db);
  return {
    firmUser: await signedIn(deps, { companyId: firm.id }),
    firmStaff: await signedIn(deps, { companyId: firm.id, isStaff: true }),
    otherFirm: await signedIn(deps),
    internalUser: await signedIn(deps, { companyId: INTERNAL_COMPANY_ID }),
    internalStaff: await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true }),
    internalAdmin: await signedIn(deps, INTERNAL_ADMIN),
  };
}

/** A client (patient) of a firm. */
export async function createPatient(
  db: Db,
  companyId: number,
  values: Partial<typeof patients.$inferInsert> = {},
) {
  const id = randomUUID().slice(0, 6);
  const [patient] = await db
    .insert(patients)
    .values({ firstName: 'Pat', lastName: `Client ${id}`, dateOfBirth: '1980-04-12', companyId, ...values })
    .returning();
  return patient;
}

export async function createProvider(db: Db, values: Partial<typeof providers.$inferInsert> = {}) {
  const [provider] = await db
    .insert(providers)
    .values({ name: `Provider ${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  return provider;
}

/** The request types with these names, in that order (added when missing: types are shared by all). */
export async function requestTypesNamed(db: Db, names: readonly string[]) {
  if (!names.length) return [];
  await db
    .insert(requestTypes)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(requestTypes)
    .where(inArray(requestTypes.name, [...names]));
  return names.map((name) => rows.find((r) => r.name === name)!);
}

type RequestMoney = 'price' | 'providerCost' | 'pageFee';

/**
 * A request of the patient's firm; the main contact and requester default to `userId`. Its `types`
 * (default Medical Records) are written as rows with their text copy, as the services do. Its price
 * (default 35), provider cost and page fee are given in dollars, as a test reads them, and stored as cents.
 */
export async function createRequest(
  db: Db,
  options: {
    patientId: number;
    companyId: number;
    userId?: number;
    providerId?: number;
    types?: string[];
  } & Omit<Partial<typeof requests.$inferInsert>, 'requestType' | RequestMoney> &
    Partial<Record<RequestMoney, number>>,
) {
  const { types = ['Medical Records'], price = 35, providerCost, pageFee, ...values } = options;
  const providerId = values.providerId ?? (await createProvider(db)).id;
  // A request finishes after it is created (requests_finished_after_created_ck): one given a finish date
  // alone was created an hour before it, or now if that is earlier.
  const finished = [values.completedDate, values.closedDate].filter((d): d is Date => d instanceof Date);
  if (finished.length && !values.createdAt) {
    const hourBefore = Math.min(...finished.map((d) => d.getTime())) - 3_600_000;
    values.createdAt = new Date(Math.min(hourBefore, Date.now()));
  }
  const chosen = await requestTypesNamed(db, types);
  const [request] = await db
    .insert(requests)
    .values({
      requestType: requestTypeText(chosen),
      startDate: '2020-01-01',
      endDate: '2024-12-31',
      requesterId: values.userId,
      ...values,
      price: toCents(price),
      ...(providerCost === undefined ? {} : { providerCost: toCents(providerCost) }),
      ...(pageFee === undefined ? {} : { pageFee: toCents(pageFee) }),
      providerId,
    })
    .returning();
  await addRequestTypes(db, request.id, chosen, request.companyId);
  return request;
}

/** A file of the request (of the request's firm unless `values` says otherwise). */
export async function createFile(db: Db, requestId: number, values: Partial<typeof files.$inferInsert> = {}) {
  const [file] = await db
    .insert(files)
    .values({
      name: 'records.pdf',
      url: `provider-records/${randomUUID()}.pdf`,
      requestId,
      companyId: sql`(select company_id from requests where id = ${requestId})`,
      ...values,
    })
    .returning();
  return file;
}

/** A firm with a staff user, a paralegal, a client and a request assigned to the paralegal. */
export async function firmWithRequest(deps: AppDeps) {
  const company = await createCompany(deps.db);
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const paralegal = await signedIn(deps, { companyId: company.id });
  const patient = await createPatient(deps.db, company.id);
  const request = await createRequest(deps.db, {
    patientId: patient.id,
    companyId: company.id,
    userId: paralegal.user.id,
  });
  return { company, staff, paralegal, patient, request };
}

/** A storage key as POST /api/photoUpload/ names the user's upload (nothing is stored under it). */
export function uploadKey(userId: number, bucket: string, name: string): string {
  return `${bucket}/u${userId}/${randomUUID()}-${name}`;
}

/** The Auth a signed-in user's calls carry, for calling services directly. */
export function authOf(
  user: { id: number; companyId: number; isStaff: boolean; isAdminUser: boolean },
  over: Partial<Auth> = {},
): Auth {
  return {
    userId: user.id,
    companyId: user.companyId,
    isStaff: user.isStaff,
    isInternal: false,
    isAdminUser: user.isAdminUser,
    emailConfirmed: true,
    permissions: new Set(),
    timezone: 'UTC',
    ...over,
  };
}
